/**
 * Ids seen in earlier answers, by resource. When a valid request built from the document's
 * example names a record the environment does not have (404), the suite retries it once with an
 * id it has seen (GET, PUT, …) or created itself (DELETE), so the success answer gets checked too.
 */
import type { Operation, ParameterObject } from './document';
import type { RequestSpec } from './requests';

const VERB = /^(get|list|find|all$|save|create|update|delete|remove|upload|download|by|id$|search|page$|perpage$|sort$)/i;
const PAGING = /^(p|n|page|perpage|size|sort|dir|direction|order|sortvalue|sortby|sortdir)$/i;

/** The parameter that names the record an operation works on: `id`, in the path or the query. */
export function idParameter(op: Operation): ParameterObject | undefined {
  return op.parameters.find((p) => p.name === 'id' && p.in === 'path') ?? op.parameters.find((p) => p.name === 'id' && p.in === 'query');
}

/**
 * The resource an operation reads or writes: the service and the path's static segments (verbs
 * such as getById/all/update left out), plus the values of descriptive string path parameters
 * (`/detection/{type}/…`). `upToId`: only what precedes an `id` path parameter (the record an
 * operation names); otherwise the whole path (what an answer's ids are ids of).
 */
export function resourceKey(op: Operation, request: RequestSpec, upToId = true): string {
  const segments = op.path.split('/').filter(Boolean);
  const parts: string[] = [];
  for (const segment of segments) {
    const param = /^\{([^}]+)\}$/.exec(segment)?.[1];
    if (param === 'id' && upToId) break;
    if (param === 'id') continue;
    if (param) {
      const value = request.pathParams[param] ?? '';
      if (!PAGING.test(param) && value && !/^\d+$/.test(value)) parts.push(value);
      continue;
    }
    if (!VERB.test(segment)) parts.push(segment);
  }
  return `${op.service}:/${parts.join('/')}`;
}

/** Numeric ids in an answer: a record, an array of records, a Spring page. */
export function harvestIds(value: unknown): number[] {
  const records = Array.isArray(value)
    ? value
    : value && typeof value === 'object' && Array.isArray((value as { content?: unknown }).content)
      ? ((value as { content: unknown[] }).content)
      : [value];
  const ids: number[] = [];
  for (const record of records.slice(0, 50)) {
    const id = record && typeof record === 'object' ? (record as { id?: unknown }).id : undefined;
    if (typeof id === 'number' && Number.isInteger(id) && id > 0) ids.push(id);
  }
  return ids;
}

export class IdRegistry {
  private readonly seen = new Map<string, number[]>();
  private readonly created = new Map<string, number[]>();

  record(key: string, ids: number[], created: boolean): void {
    const target = created ? this.created : this.seen;
    const list = target.get(key) ?? [];
    for (const id of ids) if (!list.includes(id)) list.push(id);
    target.set(key, list);
  }

  forget(key: string, id: number): void {
    for (const map of [this.seen, this.created]) {
      const list = map.get(key);
      if (list) map.set(key, list.filter((x) => x !== id));
    }
  }

  /** An id to retry with: one created by this run first (the only kind DELETE may use), else one seen. */
  candidate(key: string, method: string, exclude: string): number | undefined {
    const created = (this.created.get(key) ?? []).filter((id) => String(id) !== exclude);
    if (method === 'delete') return created[created.length - 1];
    const seen = (this.seen.get(key) ?? []).filter((id) => String(id) !== exclude);
    return created[created.length - 1] ?? seen[0];
  }
}

/** The request with another id (path or query), and a body `id` that named the old one updated too. */
export function withId(request: RequestSpec, param: ParameterObject, id: number): RequestSpec {
  const old = param.in === 'path' ? request.pathParams[param.name] : request.query.find(([k]) => k === param.name)?.[1];
  const next: RequestSpec =
    param.in === 'path'
      ? { ...request, pathParams: { ...request.pathParams, [param.name]: String(id) } }
      : { ...request, query: request.query.map(([k, v]) => (k === param.name ? [k, String(id)] : [k, v])) };
  const body = next.body;
  if (body && (body.type === 'json' || body.type === 'form') && body.value && typeof body.value === 'object' && !Array.isArray(body.value)) {
    const value = body.value as Record<string, unknown>;
    if ('id' in value && String(value.id) === old) next.body = { ...body, value: { ...value, id: body.type === 'json' ? id : String(id) } } as typeof body;
  }
  return next;
}
