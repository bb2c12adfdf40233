/**
 * A run against a mock of the documents (`--mock`, Stoplight Prism in `npm test`): what a mock
 * cannot do, named, so that the run still checks everything else strictly.
 *
 * A mock keeps no records and reads no `x-` extension (the cases that need either are not built,
 * see `requests.ts` and `cases/`), and Prism 5 has known gaps in its request validation. A case
 * that meets one is reported SKIP with the gap as its reason, never PASS:
 *
 * - it does not validate a parameter given as `content` (a JSON-encoded `sort` or `range`);
 * - it takes an empty query value as an absent one (`?q=` is not "shorter than minLength 1");
 * - it does not validate the fields of a `multipart/form-data` body against the schema;
 * - a body that is not JSON gets Prism's own 400 (RFC 7807 problem+json), not the declared one:
 *   its status is checked, its body is not;
 * - a request that breaks the document gets 422 where the operation declares 422 (else 400).
 */
import type { Operation } from './document';
import type { Expectation, RequestCase } from './requests';

export type MockAdapted = { case: RequestCase } | { skip: string };

function parameterOf(op: Operation, id: string): Operation['parameters'][number] | undefined {
  const match = /^query\.[^:]+:(.+)$/.exec(id);
  return match ? op.parameters.find((p) => p.in === 'query' && p.name === match[1]) : undefined;
}

/** The case as it is sent to a mock: unchanged, widened where Prism answers otherwise, or skipped with the gap. */
export function adaptForMock(op: Operation, c: RequestCase): MockAdapted {
  const param = parameterOf(op, c.id);
  if (param?.content && c.expect.kind === 'rejected') return { skip: 'Prism does not validate a parameter given as `content` (JSON-encoded)' };
  if (param && c.expect.kind === 'rejected' && c.id.startsWith('query.minLength:') && c.request.query.some(([k, v]) => k === param.name && v === '')) {
    return { skip: 'Prism takes an empty query value as an absent one' };
  }
  if (c.request.body?.type === 'multipart' && c.expect.kind === 'rejected' && /^body\.(unknown|missing|type|enum|const|pattern|minLength|maxLength|minimum|maximum|format|minItems|maxItems|uniqueItems|exclusiveMinimum|exclusiveMaximum)[.:]/.test(c.id)) {
    return { skip: 'Prism does not validate the fields of a multipart/form-data body' };
  }
  if (c.id === 'body.malformed' && c.expect.kind === 'rejected') {
    return { case: { ...c, expect: { ...c.expect, statusOnly: true } } };
  }
  if (c.expect.kind === 'rejected' && '422' in op.responses) {
    const statuses = c.expect.statuses;
    if (statuses?.includes(400) && !statuses.includes(422)) return { case: { ...c, expect: { ...c.expect, statuses: [...statuses, 422] } satisfies Expectation } };
  }
  return { case: c };
}
