// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { joinUrl, listOperations, mediaExample, sandboxBase, type OpenApiDocument, type Operation } from '../contract/document';
import { harvestIds, IdRegistry, idParameter, resourceKey, withId } from '../contract/ids';
import {
  buildInvalidCases,
  buildUnauthorizedCase,
  buildValidRequest,
  DEFAULT_BODY_LIMIT,
  oversizedBytes,
  SCRIPT_TEXT,
  UNKNOWN_ID,
  type BuildContext,
  type RequestCase,
} from '../contract/requests';
import { sampleFromPattern, sampleValue, violatePattern } from '../contract/values';
import { targetsSignedInUser } from '../contract/suite';
import { parseCli } from '../contract/run';

const DOC = parse(`
openapi: 3.1.0
info: { title: Things service, version: 1.0.0 }
servers:
  - url: '{host}/v1{trailingSlash}'
    variables:
      host: { default: 'http://127.0.0.1:8787/things' }
      trailingSlash: { default: /, enum: [/] }
security: [ { bearerAuth: [] } ]
paths:
  /things/{id}:
    parameters:
      - { name: id, in: path, required: true, schema: { type: integer, minimum: 1 }, example: 7 }
    put:
      operationId: updateThing
      parameters:
        - { name: mode, in: query, required: true, schema: { type: string, enum: [fast, slow] } }
        - { name: code, in: query, schema: { type: string, pattern: '^[A-Z]{2}-[0-9]{3}$', minLength: 6, maxLength: 6 }, example: MI-001 }
        - { name: verbose, in: query, schema: { type: boolean } }
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/ThingInput' }
            example: { name: Pensilina, size: 3, kind: a, tags: [centro] }
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } } }
        '400': { $ref: '#/components/responses/Error' }
        '401': { $ref: '#/components/responses/Error' }
        '404': { $ref: '#/components/responses/Error' }
    delete:
      operationId: deleteThing
      responses:
        '200': { description: ok }
        '401': { $ref: '#/components/responses/Error' }
        '404': { $ref: '#/components/responses/Error' }
  /things:
    post:
      operationId: uploadThing
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              additionalProperties: false
              required: [thingId, file]
              properties:
                thingId: { type: integer, minimum: 1, example: 3 }
                file: { type: string, contentMediaType: application/octet-stream }
            encoding:
              file: { contentType: 'image/jpeg, image/png' }
      responses:
        '201': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } } }
        '400': { $ref: '#/components/responses/Error' }
        '401': { $ref: '#/components/responses/Error' }
        '413': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
  /public/ping:
    get:
      operationId: ping
      security: []
      parameters:
        - { name: q, in: query, required: false, schema: { type: string, maxLength: 50 }, example: Milano }
        - { name: ids, in: query, style: form, explode: true, schema: { type: array, maxItems: 500, items: { type: integer, minimum: 1 } } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
        '400': { $ref: '#/components/responses/Error' }
  /users/remove:
    delete:
      operationId: removeUser
      parameters:
        - { name: userId, in: query, required: true, schema: { type: integer, minimum: 1 }, example: 1 }
      responses:
        '200': { description: ok }
components:
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer }
  schemas:
    ThingInput:
      type: object
      additionalProperties: false
      required: [name, size]
      properties:
        name: { type: string, minLength: 1, maxLength: 40 }
        size: { type: integer, minimum: 0, maximum: 10 }
        kind: { type: string, enum: [a, b] }
        tags: { type: array, maxItems: 2, uniqueItems: true, items: { type: string } }
    Thing:
      allOf:
        - { $ref: '#/components/schemas/ThingInput' }
        - { type: object, required: [id], properties: { id: { type: integer, minimum: 1 } } }
  responses:
    Error:
      description: error
      content: { application/json: { schema: { type: object, required: [message], properties: { message: { type: string } } } } }
`) as OpenApiDocument;

const operations = listOperations('things', DOC);
const op = (id: string): Operation => {
  const found = operations.find((o) => o.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};
const ctx: BuildContext = { doc: DOC, templates: operations.map((o) => o.path), credentials: { username: 'admin', password: 'demo' } };
const byId = (cases: RequestCase[]) => Object.fromEntries(cases.map((c) => [c.id, c]));

describe('document', () => {
  it('lists the operations with merged parameters and their security', () => {
    expect(operations.map((o) => `${o.method} ${o.path} ${o.operationId}`)).toEqual([
      'put /things/{id} updateThing',
      'delete /things/{id} deleteThing',
      'post /things uploadThing',
      'get /public/ping ping',
      'delete /users/remove removeUser',
    ]);
    expect(op('updateThing').parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'query:mode', 'query:code', 'query:verbose']);
    expect(op('ping').isPublic).toBe(true);
    expect(op('updateThing').isPublic).toBe(false);
    expect(op('updateThing').responses['400'].content?.['application/json']).toBeDefined();
  });

  it('computes the sandbox base from servers[0] and joins paths with one slash', () => {
    const base = sandboxBase('http://127.0.0.1:8790', 'things', DOC);
    expect(base).toBe('http://127.0.0.1:8790/things/v1/');
    expect(joinUrl(base, '/things/7')).toBe('http://127.0.0.1:8790/things/v1/things/7');
  });

  it('picks the named example whose summary names the path', () => {
    const media = { examples: { a: { summary: 'POST /x/format/save', value: { format: 1 } }, b: { summary: 'POST /x/mediatype/save', value: { media_type: 1 } } } };
    expect(mediaExample(DOC, media, '/x/mediatype/save').value).toEqual({ media_type: 1 });
    expect(mediaExample(DOC, media, '/x/other/save').value).toEqual({ format: 1 });
  });
});

describe('values', () => {
  it('generates strings that match a pattern, and strings that break it', () => {
    const good = sampleFromPattern('^[A-Z]{2}-\\d{3}$');
    expect(good).toMatch(/^[A-Z]{2}-\d{3}$/);
    expect(sampleFromPattern('^\\["[A-Za-z][A-Za-z0-9]*","(ASC|DESC)"\\]$')).toMatch(/^\["[A-Za-z][A-Za-z0-9]*","(ASC|DESC)"\]$/);
    const bad = violatePattern('^[A-Za-z0-9._@+-]+$', 3, 64);
    expect(bad).toBeDefined();
    expect(/^[A-Za-z0-9._@+-]+$/.test(bad as string)).toBe(false);
  });

  it('samples from examples, defaults, enums, then constraints', () => {
    expect(sampleValue(DOC, { type: 'integer', minimum: 5 })).toBe(5);
    expect(sampleValue(DOC, { type: 'string', enum: ['x', 'y'] })).toBe('x');
    expect(sampleValue(DOC, { type: 'string', format: 'date' })).toBe('2026-03-01');
    expect(sampleValue(DOC, { $ref: '#/components/schemas/ThingInput' }, { mode: 'request' })).toEqual({ name: 'Milano', size: 0 });
  });
});

describe('the valid request', () => {
  it('fills path and query parameters and the JSON body from the examples', () => {
    const valid = buildValidRequest(op('updateThing'), ctx);
    expect(valid).toEqual({
      method: 'put',
      path: '/things/{id}',
      pathParams: { id: '7' },
      query: [
        ['mode', 'fast'],
        ['code', 'MI-001'],
      ],
      headers: {},
      body: { type: 'json', contentType: 'application/json', value: { name: 'Pensilina', size: 3, kind: 'a', tags: ['centro'] } },
      auth: 'operation',
    });
  });

  it('builds a multipart body with a PNG file part for an image upload', () => {
    const valid = buildValidRequest(op('uploadThing'), ctx);
    expect(valid.body).toEqual({
      type: 'multipart',
      fields: { thingId: 3 },
      files: [{ field: 'file', fileName: 'contratto-qa.png', mediaType: 'image/png', kind: 'png' }],
    });
  });

  it('sends public operations without credentials and checks the others answer 401 without them', () => {
    const ping = buildValidRequest(op('ping'), ctx);
    expect(ping.auth).toBe('none');
    expect(buildUnauthorizedCase(op('ping'), ping)).toBeUndefined();
    const valid = buildValidRequest(op('updateThing'), ctx);
    const unauthorized = buildUnauthorizedCase(op('updateThing'), valid);
    expect(unauthorized?.request).toEqual({ ...valid, auth: 'none' });
    expect(unauthorized?.expect).toEqual({ kind: 'unauthorized' });
  });
});

describe('the invalid cases', () => {
  it('builds one request per constraint of parameters and body', () => {
    const cases = buildInvalidCases(op('updateThing'), ctx);
    expect(cases.map((c) => c.id).sort()).toEqual(
      [
        'path.type:id',
        'path.minimum:id',
        'path.unknownId:id',
        'query.missing:mode',
        'query.enum:mode',
        'query.pattern:code',
        'query.minLength:code',
        'query.maxLength:code',
        'query.type:verbose',
        'body.missing',
        'body.malformed',
        'body.type',
        'body.contentType',
        'body.unknown:/',
        'body.missing:/name',
        'body.missing:/size',
        'body.type:/name',
        'body.minLength:/name',
        'body.maxLength:/name',
        'body.type:/size',
        'body.minimum:/size',
        'body.maximum:/size',
        'body.integer:/size',
        'body.type:/kind',
        'body.enum:/kind',
        'body.type:/tags',
        'body.maxItems:/tags',
        'body.uniqueItems:/tags',
        'body.items.type:/tags',
        'body.script:/name',
      ].sort(),
    );
    const c = byId(cases);
    expect(c['path.type:id'].request.pathParams).toEqual({ id: 'abc' });
    expect(c['path.unknownId:id'].request.pathParams).toEqual({ id: String(UNKNOWN_ID) });
    expect(c['path.unknownId:id'].expect).toEqual({ kind: 'rejected', statuses: [404], declaredOnly: true });
    expect(c['path.unknownId:id'].handlerLevel).toBe(true);
    expect(c['query.missing:mode'].request.query).toEqual([['code', 'MI-001']]);
    expect(c['query.enum:mode'].request.query).toEqual([
      ['code', 'MI-001'],
      ['mode', 'VALORE_NON_PREVISTO'],
    ]);
    expect(c['query.type:verbose'].request.query).toContainEqual(['verbose', 'forse']);
    expect(c['body.missing'].request.body).toBeUndefined();
    expect(c['body.malformed'].request.body).toEqual({ type: 'raw', contentType: 'application/json', text: '{"rotto": ' });
    expect(c['body.contentType'].request.body).toMatchObject({ type: 'raw', contentType: 'text/plain' });
    expect(c['body.contentType'].expect).toEqual({ kind: 'rejected', statuses: [415], declaredOnly: false });
    expect(c['body.missing:/name'].request.body).toEqual({ type: 'json', contentType: 'application/json', value: { size: 3, kind: 'a', tags: ['centro'] } });
    expect(c['body.unknown:/'].request.body).toMatchObject({ value: { campoNonPrevisto: 'x' } });
    expect(c['body.maximum:/size'].request.body).toMatchObject({ value: { size: 11 } });
    expect(c['body.uniqueItems:/tags'].request.body).toMatchObject({ value: { tags: ['Milano', 'Milano'] } });
    expect(c['body.script:/name'].request.body).toMatchObject({ value: { name: SCRIPT_TEXT } });
    expect(c['body.script:/name'].expect).toEqual({ kind: 'no-5xx' });
    for (const x of cases.filter((k) => !['body.script:/name', 'path.unknownId:id', 'body.contentType'].includes(k.id))) {
      expect(x.expect).toEqual({ kind: 'rejected', declaredOnly: true });
    }
    // Every invalid request keeps the credentials: it must get past authentication to be judged.
    expect(cases.every((k) => k.request.auth === 'operation')).toBe(true);
  });

  it('covers uploads: missing file, oversized file, hostile file name, wrong field type', () => {
    const cases = byId(buildInvalidCases(op('uploadThing'), ctx));
    expect(Object.keys(cases).sort()).toEqual(
      ['body.missing', 'body.contentType', 'body.oversized', 'body.fileName.traversal', 'missing:/file', 'body.unknown:/', 'body.missing:/thingId', 'body.type:/thingId', 'body.minimum:/thingId'].sort(),
    );
    expect(cases['body.oversized'].request.body).toMatchObject({ files: [{ field: 'file', kind: 'bytes', size: DEFAULT_BODY_LIMIT + 1024 * 1024 + 1 }] });
    expect(cases['body.oversized'].expect).toEqual({ kind: 'rejected', statuses: [413], declaredOnly: false });
    expect(cases['body.fileName.traversal'].request.body).toMatchObject({ files: [{ fileName: '../../../etc/passwd.png' }] });
    expect(cases['missing:/file'].request.body).toMatchObject({ type: 'multipart', files: [] });
    expect(cases['body.type:/thingId'].request.body).toMatchObject({ fields: { thingId: 'abc' } });
    expect(cases['body.contentType'].request.body).toMatchObject({ type: 'raw', contentType: 'text/plain' });
  });

  it('sends the oversized upload beyond the operation\'s own x-max-body-bytes and its multipart allowance', () => {
    expect(oversizedBytes({ 'x-max-body-bytes': 20 * 1024 * 1024 })).toBe(21 * 1024 * 1024 + 1);
    expect(oversizedBytes({})).toBe(11 * 1024 * 1024 + 1);
  });

  it('puts script text in a plain string query parameter of a public operation', () => {
    const cases = byId(buildInvalidCases(op('ping'), ctx));
    expect(Object.keys(cases).sort()).toEqual(['query.items.type:ids', 'query.many:ids', 'query.maxItems:ids', 'query.maxLength:q', 'query.script:q']);
    expect(cases['query.script:q'].request.query).toEqual([['q', SCRIPT_TEXT]]);
    // A repeated parameter within maxItems but beyond what naive query parsers keep as an array.
    expect(cases['query.many:ids'].expect).toEqual({ kind: 'valid' });
    expect(cases['query.many:ids'].request.query.filter(([k]) => k === 'ids')).toHaveLength(25);
    expect(cases['query.maxItems:ids'].request.query.filter(([k]) => k === 'ids')).toHaveLength(501);
    expect(cases['query.items.type:ids'].request.query).toContainEqual(['ids', 'abc']);
  });

  it('leaves a path parameter out only when no other operation answers that path', () => {
    const cases = byId(buildInvalidCases(op('deleteThing'), ctx));
    // `/things` is another operation's path: the left-out `{id}` would reach it.
    expect(cases['path.missing:id']).toBeUndefined();
    const alone = byId(buildInvalidCases(op('deleteThing'), { ...ctx, templates: ['/things/{id}'] }));
    expect(alone['path.missing:id'].request.rawPath).toBe('/things');
    expect(alone['path.missing:id'].expect).toEqual({ kind: 'rejected', declaredOnly: false });
  });
});

describe('the run', () => {
  it('never deletes the signed-in user', () => {
    const remove = { ...op('removeUser'), service: 'user' };
    const valid = buildValidRequest(remove, ctx);
    expect(targetsSignedInUser(remove, valid, { id: 1, username: 'admin' })).toBe(true);
    expect(targetsSignedInUser(remove, valid, { id: 2, username: 'manager' })).toBe(false);
    expect(targetsSignedInUser(remove, valid, undefined)).toBe(false);
  });

  it('retries a 404 with ids seen in earlier answers, DELETE only with ids it created', () => {
    const get = op('updateThing');
    const valid = buildValidRequest(get, ctx);
    expect(resourceKey(get, valid)).toBe('things:/things');
    expect(harvestIds({ content: [{ id: 4 }, { id: 5 }], totalElements: 2 })).toEqual([4, 5]);
    const registry = new IdRegistry();
    registry.record('things:/things', [4, 5], false);
    expect(registry.candidate('things:/things', 'put', '7')).toBe(4);
    expect(registry.candidate('things:/things', 'delete', '7')).toBeUndefined();
    registry.record('things:/things', [9], true);
    expect(registry.candidate('things:/things', 'delete', '7')).toBe(9);
    const param = idParameter(get);
    expect(param?.name).toBe('id');
    expect(withId(valid, param!, 9).pathParams).toEqual({ id: '9' });
  });

  it('parses the command line', () => {
    const cli = parseCli(['--base', 'http://127.0.0.1:8790', '--service', 'user,geo', '--service', 'mail', '--no-invalid', '--json', 'r.json']);
    expect(cli).toMatchObject({ base: 'http://127.0.0.1:8790', services: ['user', 'geo', 'mail'], invalid: false, json: 'r.json', username: 'admin', password: 'demo' });
    expect(parseCli(['--env', 'stage', '--config', 'c.json'])).toMatchObject({ env: 'stage', config: 'c.json', invalid: true });
    expect(() => parseCli(['--base', 'http://x', '--env', 'dev'])).toThrow(/exactly one/);
    expect(() => parseCli(['--env', 'qa'])).toThrow(/dev, stage or prod/);
    expect(() => parseCli([])).toThrow(/exactly one/);
  });
});
