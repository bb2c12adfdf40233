/**
 * No silent overwrites: an update whose body takes `lockVersion` (the version of the record as the
 * caller read it, openapi/CONVENTIONS.md) and that declares 409. Once its valid request has
 * succeeded, the answer carries the record's version now; the same update is sent again with a
 * version the record does not have, and must be refused with 409 whose body names who saved the
 * record and when (`modifiedBy`, `modifiedAt`) and its version now (`lockVersion`).
 */
import { parseJson } from '../check';
import type { OpenApiDocument } from '../document';
import type { CaseModule } from './types';

export const LOCK_VERSION = 'lockVersion';

type Node = Record<string, unknown>;

/** How the documents name the record an update changes. */
const ID_NAMES = new Set(['id', 'auditId']);

function deref(doc: OpenApiDocument, node: unknown, depth = 0): Node | undefined {
  if (!node || typeof node !== 'object' || depth > 10) return undefined;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref !== 'string') return node as Node;
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = doc;
  for (const part of ref.slice(2).split('/')) at = (at as Node | undefined)?.[part];
  return deref(doc, at, depth + 1);
}

/** Whether the operation's JSON body (any of its alternatives) takes `lockVersion`. */
export function takesLockVersion(doc: OpenApiDocument, op: Parameters<CaseModule['cases']>[0]['op']): boolean {
  const body = deref(doc, op.requestBody);
  const schema = deref(doc, (body?.content as Record<string, { schema?: unknown }> | undefined)?.['application/json']?.schema);
  const alternatives = [schema, ...((schema?.oneOf as unknown[] | undefined) ?? []).map((s) => deref(doc, s))];
  return alternatives.some((s) => Boolean(s?.properties && LOCK_VERSION in (s.properties as Node)));
}

export const staleUpdates: CaseModule = {
  name: 'stale',
  cases({ op, doc, valid, validResponse, mode, mock }) {
    // A mock keeps no records: no version moves.
    if (mode !== 'write' || mock || !('409' in op.responses) || !takesLockVersion(doc, op)) return [];
    if (!validResponse || validResponse.status < 200 || validResponse.status >= 300) return [];
    const body = valid.body;
    if (body?.type !== 'json' || !body.value || typeof body.value !== 'object' || Array.isArray(body.value)) return [];
    // Only an update names a record (in the path, the query or the body); a save without one creates.
    const names = (key: string) => ID_NAMES.has(key);
    if (!Object.keys(valid.pathParams).some(names) && !valid.query.some(([k]) => names(k)) && !Object.keys(body.value).some(names)) return [];
    const answered = parseJson(validResponse);
    const now = answered.ok && answered.value && typeof answered.value === 'object' ? (answered.value as Node)[LOCK_VERSION] : undefined;
    if (typeof now !== 'number') return [];
    return [
      {
        id: 'stale.lockVersion',
        label: 'the same update with a lockVersion the record no longer has → 409 naming who saved it and when',
        request: { ...valid, body: { ...body, value: { ...(body.value as Node), [LOCK_VERSION]: now + 1 } } },
        expect: { kind: 'rejected', statuses: [409], declaredOnly: true, bodyFields: ['modifiedBy', 'modifiedAt', LOCK_VERSION] },
        handlerLevel: true,
      },
    ];
  },
};
