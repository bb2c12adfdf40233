/**
 * The run's own records: the run marker its unique values carry, every record it made (by
 * resource, in order), which of them it already deleted, and request patches.
 */
import type { Made, RequestPatch } from './fixtures';
import type { RequestSpec } from './requests';
import { MARKER_DOMAIN } from './safety';

/** The run marker: `QA` and six digits, fitting names, codes, e-mail addresses and digit-only fields alike. */
export function newRunNumber(): string {
  return String(100_000 + Math.floor(Math.random() * 900_000));
}

export class RunMarker {
  private n = 0;
  constructor(readonly number: string = newRunNumber()) {}

  get marker(): string {
    return `QA${this.number}`;
  }

  private next(): number {
    this.n += 1;
    return this.n;
  }

  unique(): string {
    return `${this.marker}-${this.next()}`;
  }

  /** A marker address on the reserved `.invalid` domain: a run mails nobody. */
  email(): string {
    return `qa${this.number}-${this.next()}@${MARKER_DOMAIN}`;
  }

  /** Digits: the run number, then a counter, padded to `length` (at least 8). */
  digits(length: number): string {
    const counter = String(this.next());
    const fill = Math.max(0, length - this.number.length - counter.length);
    return `${this.number}${'0'.repeat(fill)}${counter}`.slice(-length);
  }

  code(): string {
    return `QA-${this.number}${String(this.next()).padStart(3, '0')}`;
  }
}

export interface LedgerEntry extends Made {
  /** The operation that made it. */
  by: string;
  deleted: boolean;
  /** Made by the create operation's own checks, not for another operation: free to delete. */
  spare?: boolean;
}

export class Ledger {
  readonly entries: LedgerEntry[] = [];

  add(entry: Omit<LedgerEntry, 'deleted'>): LedgerEntry {
    const existing = this.find(entry.resource, entry.id);
    if (existing) return existing;
    const full = { ...entry, deleted: false };
    this.entries.push(full);
    return full;
  }

  find(resource: string, id: number): LedgerEntry | undefined {
    return this.entries.find((e) => e.resource === resource && e.id === id);
  }

  /** Whether this run made the record (the only records a DELETE of this run may name). */
  owns(resource: string, id: number): boolean {
    return Boolean(this.find(resource, id));
  }

  /** The newest spare record of a resource still there. */
  spare(resource: string): LedgerEntry | undefined {
    return this.entries.filter((e) => e.resource === resource && e.spare && !e.deleted).pop();
  }

  /** Frees a record for the operations that consume one (a DELETE check takes a spare record first). */
  markSpare(resource: string, id: number): void {
    const entry = this.find(resource, id);
    if (entry) entry.spare = true;
  }

  markDeleted(resource: string, id: number): void {
    const entry = this.find(resource, id);
    if (entry) entry.deleted = true;
  }

  /** What is still there, newest first (children before their parents). */
  remaining(): LedgerEntry[] {
    return this.entries.filter((e) => !e.deleted).reverse();
  }
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The request with a fixture's patch applied. */
export function applyPatch(request: RequestSpec, patch: RequestPatch | undefined): RequestSpec {
  if (!patch) return request;
  const next: RequestSpec = { ...request, pathParams: { ...request.pathParams }, query: [...request.query] };
  if (patch.bearer) next.bearer = patch.bearer;
  for (const [name, value] of Object.entries(patch.path ?? {})) next.pathParams[name] = text(value);
  for (const [name, value] of Object.entries(patch.query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    next.query = [...next.query.filter(([k]) => k !== name), ...values.map((v): [string, string] => [name, text(v)])];
  }
  const body = next.body;
  if (body && (patch.body || patch.bodyValue !== undefined || patch.file)) {
    if (body.type === 'json') {
      const base = patch.bodyValue !== undefined ? patch.bodyValue : body.value;
      next.body = { ...body, value: patch.body && base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as object), ...patch.body } : base };
    } else if (body.type === 'form') {
      next.body = { ...body, value: { ...body.value, ...(patch.body ?? {}) } };
    } else if (body.type === 'multipart') {
      const files = patch.file && body.files.length ? [{ ...body.files[0], kind: 'given' as const, bytes: patch.file.bytes, mediaType: patch.file.mediaType, fileName: patch.file.fileName }, ...body.files.slice(1)] : body.files;
      next.body = { ...body, fields: { ...body.fields, ...(patch.body ?? {}) }, files };
    }
  }
  return next;
}
