import type { Handler, HandlerContext, HandlerResult, OperationHandlers } from './http';

/* Types that tie a service's handlers to its generated `operations` (src/api/generated/<service>.ts). */

// `K extends keyof T` (not `T extends Record<K, …>`) so that optional members like `query?:` resolve too.
type Get<T, K extends PropertyKey> = K extends keyof T ? T[K] : never;
type JsonOf<C> = C extends { content: infer Content } ? Get<Content, 'application/json'> : never;

export type PathParams<Op> = NonNullable<Get<Get<Op, 'parameters'>, 'path'>>;
export type QueryParams<Op> = NonNullable<Get<Get<Op, 'parameters'>, 'query'>>;
export type JsonBody<Op> = JsonOf<NonNullable<Get<Op, 'requestBody'>>>;
type Responses<Op> = Get<Op, 'responses'>;
export type SuccessBody<Op> =
  | JsonOf<Get<Responses<Op>, 200>>
  | JsonOf<Get<Responses<Op>, 201>>;

export interface TypedContext<Op> extends Omit<HandlerContext, 'params' | 'query' | 'body'> {
  params: PathParams<Op>;
  query: QueryParams<Op>;
  body: [JsonBody<Op>] extends [never] ? unknown : JsonBody<Op>;
}

export type TypedHandler<Op> = (ctx: TypedContext<Op>) => Promise<SuccessBody<Op> | HandlerResult> | SuccessBody<Op> | HandlerResult;

/** A service's handlers, one for every operation of its document, each typed from its operation. */
export type TypedHandlers<Operations> = { [K in keyof Operations & string]: TypedHandler<Operations[K]> };

/** Every handler of a service: an operation without one fails the typecheck here. */
export function defineHandlers<Operations>(handlers: TypedHandlers<Operations>): OperationHandlers<Operations> {
  return handlers as unknown as OperationHandlers<Operations>;
}

/**
 * Some handlers of a service split by concern, typed from their operations; the service's whole map
 * (`services/index.ts`) must still name every operation. `definePartialHandlers<operations>()({ … })`.
 */
export function definePartialHandlers<Operations>() {
  return <const H extends Partial<TypedHandlers<Operations>>>(handlers: H): { [K in keyof H]: Handler } =>
    handlers as unknown as { [K in keyof H]: Handler };
}
