import type {
  DataProvider,
  GetListParams,
  GetListResult,
  GetManyResult,
  GetOneResult,
  Identifier,
  RaRecord,
} from 'react-admin';
import { failureMessage } from '@/api/failures';

/*
 * Mapping helpers that more than one domain provider uses. Domain providers never import each
 * other (docs/ARCHITECTURE.md, "Who may import whom"): what they share lives here.
 */

/**
 * Every row of a paged endpoint: its pages of `size` (from 0) read in turn until the service's
 * total, for the lists a service cannot filter, which are then filtered here over all the rows.
 */
export async function everyPage<T>(
  readPage: (page: number, size: number) => Promise<{ content: T[]; totalElements: number }>,
  size: number,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 0; ; page += 1) {
    const { content, totalElements } = await readPage(page, size);
    rows.push(...content);
    if (content.length < size || rows.length >= totalElements) return rows;
  }
}

/**
 * One page of a list that a service answers whole (paging, sorting and the text search applied
 * here, on the answer): `q` matches any text field (or only the `searchIn` fields, when a record
 * carries text a person does not read as its content, such as a composite id); other filters
 * match exactly.
 */
export function localList<T extends object>(
  items: T[],
  params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>,
  { searchIn }: { searchIn?: readonly (keyof T & string)[] } = {},
) {
  const filter = params.filter ?? {};
  const q = typeof filter.q === 'string' ? filter.q.trim().toLowerCase() : '';
  const matching = items.filter((item) => {
    const texts = searchIn ? searchIn.map((k) => item[k]) : Object.values(item);
    if (q && !texts.some((v) => typeof v === 'string' && v.toLowerCase().includes(q))) return false;
    return Object.entries(filter).every(
      ([k, v]) => k === 'q' || v === undefined || v === '' || v === null || String(Reflect.get(item, k)) === String(v),
    );
  });
  const field = params.sort?.field;
  const sign = params.sort?.order === 'DESC' ? -1 : 1;
  const sorted = field
    ? [...matching].sort((a, b) => {
        const x: unknown = Reflect.get(a, field);
        const y: unknown = Reflect.get(b, field);
        if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
        return sign * String(x ?? '').localeCompare(String(y ?? ''), 'it');
      })
    : matching;
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? sorted.length;
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
}

/*
 * The react-admin boundary. react-admin's methods are generic in the record a screen expects
 * (`getOne<RecordType>`); what a service answers is that record, typed by its document. These
 * adapters are the one place the service's type meets react-admin's type parameter.
 */

/** A record as react-admin's reads and writes answer it (`{ data }`). */
export function toOne<R extends RaRecord = RaRecord>(record: RaRecord): GetOneResult<R> {
  return { data: record as R };
}

/** Several records (`getMany`). */
export function toMany<R extends RaRecord = RaRecord>(records: readonly RaRecord[]): GetManyResult<R> {
  return { data: records.map((record) => record as R) };
}

/** A page of records and the total (`getList`, `getManyReference`). */
export function toList<R extends RaRecord = RaRecord>(page: { data: readonly RaRecord[]; total: number }): GetListResult<R> {
  return { data: page.data.map((record) => record as R), total: page.total };
}

/** A page of a service that pages Spring-style (`content`, `totalElements`) as a list's answer. */
export function fromPage<R extends RaRecord = RaRecord>(page: { content: readonly RaRecord[]; totalElements: number }): GetListResult<R> {
  return toList<R>({ data: page.content, total: page.totalElements });
}

/**
 * `create` and `update` through one save endpoint that creates a record without an id and updates
 * one with it: create drops any id the form carries, update saves the record under its id.
 */
export function savedThrough(save: (data: Record<string, unknown>) => Promise<RaRecord>): Pick<DataProvider, 'create' | 'update'> {
  return {
    async create(_r, params) {
      const { id: _drop, ...data } = params.data as Record<string, unknown>;
      return toOne(await save(data));
    },
    async update(_r, params) {
      return toOne(await save({ ...params.data, id: params.id }));
    },
  };
}

/** What a delete answers: the record as it was (react-admin's `previousData`), or its id alone. */
export function toDeleted<R extends RaRecord = RaRecord>(id: Identifier, previous?: RaRecord): GetOneResult<R> {
  return toOne<R>(previous ?? { id });
}

/*
 * The other way: a form record → the body the document asks. The fields sent are the generated
 * request schema's (`src/api/generated/<service>.fields.ts`, generated beside its zod schema),
 * never a list kept by hand, so a field the document adds is sent. The reader map is typed by the
 * generated input (`src/api/generated/<service>.ts`): each required field names how the form gives
 * it, so a field the document adds as required is a compile error here until a form gives it. An
 * optional field passes as the form holds it, or through its reader.
 */

/** The JSON body an operation of the generated `operations` takes. */
export type RequestBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type OptionalKeys<T> = Exclude<keyof T, RequiredKeys<T>>;

/** `'form'`: the form gives the value as the document wants it (its resolver is the same schema). */
export type FieldReader<V> = 'form' | ((value: unknown, record: Readonly<Record<string, unknown>>) => V | undefined);

export type InputReaders<I> = { [K in RequiredKeys<I>]-?: FieldReader<I[K]> } & { [K in OptionalKeys<I>]?: FieldReader<I[K]> };

export interface InputOptions {
  /** A field left empty ('', null, undefined) is left out (the default), or sent as null (a full PUT that clears it). */
  empty?: 'omit' | 'null';
  /** Text is trimmed before it is sent. */
  trim?: boolean;
}

const isEmptyValue = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The typed `toInput` of one request body: `schema` is the generated body's field map
 * (`src/api/generated/<service>.fields.ts`, the fields of its zod schema as plain data: the fields
 * sent), `I` the generated input type, `readers` how the form gives each field.
 */
export type BodySchema<I> = { fields: { readonly [K in keyof I]-?: unknown } };

export function inputOf<I extends object>(
  schema: BodySchema<I>,
  readers: InputReaders<I>,
  { empty = 'omit', trim = false }: InputOptions = {},
): (record: object) => I {
  const fields = Object.keys(schema.fields);
  return (record) => {
    const form: Record<string, unknown> = Object.fromEntries(Object.entries(record));
    const entries: [string, unknown][] = [];
    for (const field of fields) {
      const reader: unknown = Reflect.get(readers, field);
      const raw = form[field];
      let value = typeof reader === 'function' ? reader(raw, form) : raw;
      if (trim && typeof value === 'string') value = value.trim();
      if (!isEmptyValue(value)) entries.push([field, value]);
      else if (empty === 'null' && (raw === '' || raw === null)) entries.push([field, null]);
    }
    // The entries are the schema's own fields, each given by the form or by its typed reader.
    return Object.fromEntries(entries) as I;
  };
}

/** Readers shared by many forms. */
export const read = {
  /** A number typed in a text or number input ('12' → 12). */
  number: (value: unknown): number | undefined => (isEmptyValue(value) ? undefined : Number(value)),
  /** Ids picked in a list input ('3' → 3), each once. */
  ids: (value: unknown): number[] | undefined => (Array.isArray(value) ? [...new Set(value.map(Number))] : undefined),
};

/*
 * The answer of a bulk job on many records when the service takes them one at a time: what
 * changed and what the service refused, each refusal with its Italian reason. A refusal never
 * stops the job.
 */

/** The booking that stands in the way of a system's booking (named by its planning). */
export interface BulkConflict {
  planningId: number;
  planningName: string;
  periodStart: string;
  periodEnd: string;
}

export interface BulkRefusal {
  id: number;
  /** The record's code when the job knows it (the screen names the others through getMany). */
  code?: string;
  message: string;
  /** A booking refused by the availability rule: the booking already there. */
  conflict?: BulkConflict;
}

export interface BulkResult {
  changed: number[];
  refused: BulkRefusal[];
  /** Already as asked (e.g. already a member): nothing sent. */
  unchanged: number[];
}

export type BulkProgress = (done: number, total: number) => void;

/** Requests in flight at once: quicker than one by one, gentle on a service built for single writes. */
export const BULK_CONCURRENCY = 4;

/**
 * `work` for each item, at most `concurrency` at a time, in the items' order of start; a rejection
 * becomes a refusal with `failureMessage` (the service's message, or the app's Italian one for a
 * network or server failure).
 */
export async function runBulk<T>(
  items: T[],
  work: (item: T) => Promise<unknown>,
  identify: (item: T) => { id: number; code?: string },
  onProgress?: BulkProgress,
  concurrency = BULK_CONCURRENCY,
): Promise<Pick<BulkResult, 'changed' | 'refused'>> {
  const changed: number[] = [];
  const refused: BulkRefusal[] = [];
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++];
      const { id, code } = identify(item);
      try {
        await work(item);
        changed.push(id);
      } catch (error) {
        refused.push({ id, ...(code ? { code } : {}), message: failureMessage(error) });
      }
      done += 1;
      onProgress?.(done, items.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return { changed, refused };
}

/**
 * The record methods of a provider that has no records of its own (it works only through its own
 * methods): every one of them refuses with the error `refusal` makes.
 */
export function noRecordMethods(refusal: () => Error): DataProvider {
  const refuse = async (): Promise<never> => {
    throw refusal();
  };
  return {
    getList: refuse,
    getOne: refuse,
    getMany: refuse,
    getManyReference: refuse,
    create: refuse,
    update: refuse,
    updateMany: refuse,
    delete: refuse,
    deleteMany: refuse,
  };
}
