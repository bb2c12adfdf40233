/**
 * An unknown id on purpose where the id travels in the query (`?id=`, `?productId=`…): the
 * document-derived cases cover path ids only.
 */
import { UNKNOWN_ID } from '../requests';
import type { CaseModule } from './types';

const ID_NAME = /^(id|[a-z]+Id)$/;

export const unknownQueryId: CaseModule = {
  name: 'unknownId',
  cases({ op, valid, mode, mock }) {
    // A mock keeps no records: it cannot tell a known id from an unknown one.
    if (!('404' in op.responses) || mock) return [];
    if (mode === 'read-only' && op.method !== 'get') return [];
    const out = [];
    for (const p of op.parameters) {
      if (p.in !== 'query' || !p.required || !ID_NAME.test(p.name)) continue;
      const type = (p.schema as { type?: unknown } | undefined)?.type;
      if (type !== 'integer' && type !== 'number') continue;
      // A body that repeats the id (`auditId` in both) repeats the unknown one too.
      const old = valid.query.find(([k]) => k === p.name)?.[1];
      const body = valid.body;
      const sameInBody = body?.type === 'json' && body.value && typeof body.value === 'object' && !Array.isArray(body.value) && String((body.value as Record<string, unknown>)[p.name]) === old;
      out.push({
        id: `unknownId.query:${p.name}`,
        label: `query "${p.name}" names no record (${UNKNOWN_ID}) → 404`,
        request: {
          ...valid,
          query: [...valid.query.filter(([k]) => k !== p.name), [p.name, String(UNKNOWN_ID)] as [string, string]],
          body: sameInBody && body?.type === 'json' ? { ...body, value: { ...(body.value as object), [p.name]: UNKNOWN_ID } } : body,
        },
        expect: { kind: 'rejected' as const, statuses: [404], declaredOnly: true },
        handlerLevel: true,
      });
    }
    return out;
  },
};
