/**
 * The status rules the documents state (`x-transitions` on a status schema, from → allowed
 * targets): on an operation that moves a record's status (a parameter or body field whose schema
 * carries the table, and a declared 409), the record the valid request answered is walked through
 * its table. In each status reached, every move the table does not allow (the current status
 * included, where the move is an operation of its own) is sent and must be refused with 409; then an
 * allowed move to a status not yet visited is sent as a valid request, non-final statuses first, so
 * that the walk reaches as many statuses as one record can (a final status ends it: the last target
 * listed is taken, which the documents write as the cancellation a clean-up can delete).
 */
import { parseJson } from '../check';
import type { OpenApiDocument } from '../document';
import type { RequestCase, RequestSpec } from '../requests';
import type { CaseModule } from './types';

type Table = Record<string, string[]>;
type Node = Record<string, unknown>;

/** Follows local `$ref`s (`#/components/...`). */
function deref(doc: OpenApiDocument, node: unknown, depth = 0): Node | undefined {
  if (!node || typeof node !== 'object' || depth > 10) return undefined;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref !== 'string') return node as Node;
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = doc;
  for (const part of ref.slice(2).split('/')) at = (at as Node | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return deref(doc, at, depth + 1);
}

const tableOf = (doc: OpenApiDocument, schema: unknown): Table | undefined => {
  const table = deref(doc, schema)?.['x-transitions'];
  return table && typeof table === 'object' ? (table as Table) : undefined;
};

/** Where the operation takes the status to move to, and the rules of that status. */
type MoveField = { at: 'query'; name: string; table: Table } | { at: 'body'; name: string; table: Table };

function moveField(doc: OpenApiDocument, op: Parameters<CaseModule['cases']>[0]['op']): MoveField | undefined {
  for (const p of op.parameters) {
    const table = p.in === 'query' ? tableOf(doc, p.schema) : undefined;
    if (table) return { at: 'query', name: p.name, table };
  }
  const body = deref(doc, op.requestBody);
  const schema = deref(doc, (body?.content as Record<string, { schema?: unknown }> | undefined)?.['application/json']?.schema);
  for (const [name, prop] of Object.entries((schema?.properties as Node | undefined) ?? {})) {
    const table = tableOf(doc, prop);
    if (table) return { at: 'body', name, table };
  }
  return undefined;
}

function withTarget(valid: RequestSpec, field: MoveField, to: string): RequestSpec {
  if (field.at === 'query') return { ...valid, query: [...valid.query.filter(([k]) => k !== field.name), [field.name, to]] };
  const body = valid.body;
  if (body?.type !== 'json' || !body.value || typeof body.value !== 'object') return valid;
  return { ...valid, body: { ...body, value: { ...(body.value as object), [field.name]: to } } };
}

/** The walk from `start`: the refused moves of each status reached, then one allowed move onwards. */
export function walk(table: Table, start: string, sameIsNoMove: boolean): Array<{ from: string; to: string; allowed: boolean }> {
  const statuses = Object.keys(table);
  const isFinal = (s: string) => (table[s] ?? []).length === 0;
  const steps: Array<{ from: string; to: string; allowed: boolean }> = [];
  const visited = new Set<string>();
  let at: string | undefined = start;
  while (at !== undefined && table[at] && !visited.has(at)) {
    visited.add(at);
    const from: string = at;
    for (const to of statuses) {
      if (table[from].includes(to) || (sameIsNoMove && to === from)) continue;
      steps.push({ from, to, allowed: false });
    }
    const onwards: string[] = table[from].filter((s) => !visited.has(s));
    const next: string | undefined = onwards.find((s) => !isFinal(s)) ?? onwards[onwards.length - 1];
    if (next !== undefined) steps.push({ from, to: next, allowed: true });
    at = next;
  }
  return steps;
}

export const statusTransitions: CaseModule = {
  name: 'transitions',
  cases({ op, doc, valid, validResponse, creates, mode, mock }) {
    // A mock keeps no record and reads no `x-` extension: it answers every move alike.
    if (mode !== 'write' || mock || creates || op.method === 'get' || !('409' in op.responses)) return [];
    if (!validResponse || validResponse.status < 200 || validResponse.status >= 300) return [];
    const field = moveField(doc, op);
    if (!field) return [];
    const json = parseJson(validResponse);
    const status = json.ok && json.value && typeof json.value === 'object' ? (json.value as { status?: unknown }).status : undefined;
    if (typeof status !== 'string' || !field.table[status]) return [];
    // An update that carries the status (not an operation of the move alone) takes the same status as no move.
    const sameIsNoMove = field.name === 'status' && field.at === 'body';
    return walk(field.table, status, sameIsNoMove).map(({ from, to, allowed }): RequestCase => ({
      id: `transitions.${from}>${to}`,
      label: allowed ? `${from} → ${to}: a move the document allows → answered as declared` : `${from} → ${to}: a move the document does not allow → 409`,
      request: withTarget(valid, field, to),
      expect: allowed ? { kind: 'valid' } : { kind: 'rejected', statuses: [409], declaredOnly: true },
      handlerLevel: true,
    }));
  },
};
