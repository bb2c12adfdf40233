// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleUpdates, takesLockVersion } from '../contract/cases/stale';
import { ResponseChecker, type ReceivedResponse } from '../contract/check';
import { listOperations, loadDocumentFile, type OpenApiDocument, type Operation } from '../contract/document';
import { buildValidRequest } from '../contract/requests';

/*
 * The contract suite's stale-update case, over the systems document: every update that takes
 * `lockVersion` is sent again, after its valid request, with a version the record no longer has,
 * and must be refused with 409 naming who and when; the valid request itself never makes one up.
 */

const loaded = loadDocumentFile('systems', path.resolve(import.meta.dirname, '../../openapi/systems.yaml'));
if (!('doc' in loaded) || !loaded.doc) throw new Error('systems.yaml did not load');
const doc = loaded.doc as OpenApiDocument;
const operations = listOperations('systems', doc);
const op = (id: string) => operations.find((o) => o.operationId === id) as Operation;
const checker = new ResponseChecker();
checker.addDocument('systems', doc);

function response(status: number, body: unknown): ReceivedResponse {
  return { status, headers: new Headers({ 'content-type': 'application/json' }), body: new TextEncoder().encode(JSON.stringify(body)) };
}

const input = (id: string, validResponse?: ReceivedResponse, extra: Partial<Parameters<typeof staleUpdates.cases>[0]> = {}) => {
  const valid = buildValidRequest(op(id), { doc });
  return { valid, cases: staleUpdates.cases({ op: op(id), doc, key: `systems.${id}`, valid, validResponse, uniqueResource: false, mode: 'write', ...extra }) };
};

describe('the stale-update case', () => {
  it('finds the bodies that take lockVersion; a create that shares its update\'s body gets no case', () => {
    expect(takesLockVersion(doc, op('updateSystem'))).toBe(true);
    expect(takesLockVersion(doc, op('updateTeam'))).toBe(true);
    expect(takesLockVersion(doc, op('getTeamById'))).toBe(false);
    expect(takesLockVersion(doc, op('createTeam'))).toBe(true);
    expect(input('createTeam', response(201, { id: 5, lockVersion: 3 })).cases).toEqual([]);
  });

  it('the valid request sends no lockVersion of its own', () => {
    const { valid } = input('updateTeam');
    expect(valid.body?.type).toBe('json');
    expect(valid.body && 'value' in valid.body ? valid.body.value : undefined).not.toHaveProperty('lockVersion');
  });

  it('after a valid update, the same update with another version, expected 409 with who and when', () => {
    const { valid, cases } = input('updateTeam', response(200, { id: 3, lockVersion: 41 }));
    expect(cases).toHaveLength(1);
    const [stale] = cases;
    expect(stale.expect).toEqual({ kind: 'rejected', statuses: [409], declaredOnly: true, bodyFields: ['modifiedBy', 'modifiedAt', 'lockVersion'] });
    expect(stale.request.body && 'value' in stale.request.body ? stale.request.body.value : undefined).toEqual({ ...(valid.body as { value: object }).value, lockVersion: 42 });
  });

  it('no case on a mock, in read-only mode, after a failed valid request, or for an answer without a version', () => {
    expect(input('updateTeam', response(200, { id: 3, lockVersion: 41 }), { mock: true }).cases).toEqual([]);
    expect(input('updateTeam', response(200, { id: 3, lockVersion: 41 }), { mode: 'read-only' }).cases).toEqual([]);
    expect(input('updateTeam', response(400, { message: 'no' })).cases).toEqual([]);
    expect(input('updateTeam', response(200, { id: 3 })).cases).toEqual([]);
  });

  it('the check wants the refusal to name who, when and the version now', () => {
    const [stale] = input('updateTeam', response(200, { id: 3, lockVersion: 41 })).cases;
    const named = response(409, { message: 'Questa squadra è stata modificata da Giulia Romano il 27/11/2026 alle 14:02 dopo che l\'hai aperta', status: 409, modifiedBy: 'Giulia Romano', modifiedAt: '2026-11-27T13:02:00.000Z', lockVersion: 41 });
    expect(checker.checkExpectation(op('updateTeam'), stale.expect, named)).toEqual([]);
    const unnamed = response(409, { message: 'Conflitto', status: 409 });
    expect(checker.checkExpectation(op('updateTeam'), stale.expect, unnamed)).toEqual(['error body lacks `modifiedBy`, `modifiedAt`, `lockVersion`']);
  });
});

describe('the frame and planner updates', () => {
  const load = (service: string) => {
    const one = loadDocumentFile(service, path.resolve(import.meta.dirname, `../../openapi/${service}.yaml`));
    if (!('doc' in one) || !one.doc) throw new Error(`${service}.yaml did not load`);
    const document = one.doc as OpenApiDocument;
    return { document, operations: listOperations(service, document) };
  };

  it.each([
    ['frame', 'updateFrame'],
    ['frame', 'updateWorkOrder'],
    ['planner', 'updatePlanning'],
  ])('%s %s takes lockVersion and declares the 409 that names who and when', (service, id) => {
    const { document, operations: ops } = load(service);
    const update = ops.find((o) => o.operationId === id) as Operation;
    expect(takesLockVersion(document, update)).toBe(true);
    expect(Object.keys(update.responses)).toContain('409');
    const valid = buildValidRequest(update, { doc: document });
    const cases = staleUpdates.cases({ op: update, doc: document, key: `${service}.${id}`, valid, validResponse: response(200, { id: 3, lockVersion: 41 }), uniqueResource: false, mode: 'write' });
    expect(cases.map((c) => c.id)).toEqual(['stale.lockVersion']);
    const named = response(409, { message: 'Questo frame è stato modificato da Giulia Romano il 27/11/2026 alle 14:02 dopo che l\'hai aperto', status: 409, modifiedBy: 'Giulia Romano', modifiedAt: '2026-11-27T13:02:00.000Z', lockVersion: 41 });
    const checks = new ResponseChecker();
    checks.addDocument(service, document);
    expect(checks.checkExpectation(update, cases[0].expect, named)).toEqual([]);
  });
});
