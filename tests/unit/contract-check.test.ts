// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { declaredResponse, isNotImplemented, matchMediaType, ResponseChecker, type ReceivedResponse } from '../contract/check';
import { listOperations, type OpenApiDocument, type Operation } from '../contract/document';

const DOC: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        responses: {
          '200': {
            description: 'ok',
            headers: { 'Content-Range': { required: true, schema: { type: 'string', pattern: '^items \\d+-\\d+/\\d+$' } } },
            content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } },
          },
          '401': { $ref: '#/components/responses/Error' },
        },
      },
    },
    '/items/{id}/photo': {
      get: {
        operationId: 'getPhoto',
        responses: {
          '200': { description: 'ok', content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } } },
          '4XX': { $ref: '#/components/responses/Error' },
        },
      },
    },
  },
  components: {
    schemas: {
      Item: {
        type: 'object',
        required: ['id', 'name', 'createdAt'],
        properties: { id: { type: 'integer', format: 'int64', minimum: 1 }, name: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' } },
      },
    },
    responses: {
      Error: { description: 'error', content: { 'application/json': { schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } } } },
    },
  },
};

const operations = listOperations('items', DOC);
const op = (id: string) => operations.find((o) => o.operationId === id) as Operation;
const checker = new ResponseChecker();
checker.addDocument('items', DOC);

function response(status: number, body: unknown, headers: Record<string, string> = {}): ReceivedResponse {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body instanceof Uint8Array ? body : new TextEncoder().encode(JSON.stringify(body));
  return { status, headers: new Headers({ 'content-type': 'application/json; charset=utf-8', ...headers }), body: bytes };
}

describe('the response checker', () => {
  it('accepts a declared status, media type, body and headers', () => {
    const ok = response(200, [{ id: 1, name: 'Pensilina', createdAt: '2026-03-01T09:00:00Z' }], { 'content-range': 'items 0-0/1' });
    expect(checker.checkResponse(op('listItems'), ok)).toEqual([]);
  });

  it('names what breaks the document', () => {
    const bad = response(200, [{ id: 0, name: 5 }], { 'content-range': 'oggetti 0-0/1' });
    const problems = checker.checkResponse(op('listItems'), bad);
    expect(problems.some((p) => p.includes('/0/id') && p.includes('>= 1'))).toBe(true);
    expect(problems.some((p) => p.includes('/0/name') && p.includes('string'))).toBe(true);
    expect(problems.some((p) => p.includes("'createdAt'"))).toBe(true);
    expect(problems.some((p) => p.startsWith('header Content-Range'))).toBe(true);
    expect(checker.checkResponse(op('listItems'), response(200, []))).toEqual(['required header Content-Range missing']);
    expect(checker.checkResponse(op('listItems'), response(404, { message: 'no' }))[0]).toMatch(/status 404 is not declared/);
    const text = { ...response(200, 'ciao'), headers: new Headers({ 'content-type': 'text/plain', 'content-range': 'items 0-0/1' }) };
    expect(checker.checkResponse(op('listItems'), text)[0]).toMatch(/Content-Type text\/plain is not declared/);
  });

  it('checks only the media type of binary bodies, and matches 4XX ranges', () => {
    const png = { status: 200, headers: new Headers({ 'content-type': 'image/png' }), body: new Uint8Array([137, 80, 78, 71]) };
    expect(checker.checkResponse(op('getPhoto'), png)).toEqual([]);
    expect(declaredResponse(op('getPhoto'), 404)?.key).toBe('4XX');
    expect(matchMediaType(['image/*'], 'image/webp')).toBe('image/*');
  });

  it('judges request cases by their expectation', () => {
    const list = op('listItems');
    expect(checker.checkExpectation(list, { kind: 'unauthorized' }, response(401, { message: 'Accedi' }))).toEqual([]);
    expect(checker.checkExpectation(list, { kind: 'unauthorized' }, response(200, []))[0]).toMatch(/expected 401/);
    expect(checker.checkExpectation(list, { kind: 'rejected', declaredOnly: true }, response(400, { message: 'x' }))[0]).toMatch(/does not declare/);
    expect(checker.checkExpectation(list, { kind: 'rejected', declaredOnly: false }, response(400, { message: 'Richiesta non valida' }))).toEqual([]);
    expect(checker.checkExpectation(list, { kind: 'rejected', declaredOnly: false }, response(400, { errore: 'x' }))).toEqual(['error body has no `message`']);
    expect(checker.checkExpectation(list, { kind: 'rejected', statuses: [415], declaredOnly: false }, response(400, { message: 'x' }))[0]).toMatch(/expected 415/);
    expect(checker.checkExpectation(list, { kind: 'no-5xx' }, response(500, { message: 'Errore interno' }))[0]).toMatch(/5xx is never acceptable/);
  });

  it('recognises the sandbox answer for operations not implemented yet', () => {
    expect(isNotImplemented(response(501, { message: 'Operazione non ancora implementata nella sandbox: items.listItems', status: 501 }))).toBe(true);
    expect(isNotImplemented(response(501, { message: 'Not Implemented' }))).toBe(false);
    expect(isNotImplemented(response(200, { message: 'non ancora implementata' }))).toBe(false);
  });
});
