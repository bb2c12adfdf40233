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
  type RequestSpec,
} from '../contract/requests';
import { RunMarker } from '../contract/ledger';
import { sampleFromPattern, sampleValue, violatePattern } from '../contract/values';
import { targetsSignedInUser } from '../contract/suite';
import { ResponseChecker, type ReceivedResponse } from '../contract/check';
import { parameterHostileCases } from '../contract/hostile-inputs';
import { hostileCases, LONE_SURROGATE, OUT_OF_RANGE } from '../contract/cases/hostile';
import { CASE_MODULES } from '../contract/cases';
import { adaptForMock } from '../contract/mock';
import { EmailRewriter, MARKER_DOMAIN, ownStateOf, restorePlan } from '../contract/safety';
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
    // 415 is not declared here: a declared 4xx, and an undeclared 415 would fail.
    expect(c['body.contentType'].expect).toEqual({ kind: 'rejected', declaredOnly: true });
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
    expect(cases['body.oversized'].expect).toEqual({ kind: 'rejected', statuses: [413], declaredOnly: true });
    expect(cases['body.contentType'].expect).toEqual({ kind: 'rejected', statuses: [415], declaredOnly: true });
    expect(cases['body.fileName.traversal'].request.body).toMatchObject({ files: [{ fileName: '../../../etc/passwd.png' }] });
    expect(cases['missing:/file'].request.body).toMatchObject({ type: 'multipart', files: [] });
    expect(cases['body.type:/thingId'].request.body).toMatchObject({ fields: { thingId: 'abc' } });
    expect(cases['body.contentType'].request.body).toMatchObject({ type: 'raw', contentType: 'text/plain' });
  });

  it('sends the oversized upload beyond the operation\'s own x-max-body-bytes and its multipart allowance', () => {
    expect(oversizedBytes({ 'x-max-body-bytes': 20 * 1024 * 1024 })).toBe(21 * 1024 * 1024 + 1);
    expect(oversizedBytes({})).toBe(11 * 1024 * 1024 + 1);
  });

  it('puts the run marker before the script text, so a record it makes is still the run\'s', () => {
    const c = byId(buildInvalidCases(op('updateThing'), { ...ctx, marker: 'QA123456-9' }));
    expect(c['body.script:/name'].request.body).toMatchObject({ value: { name: `QA123456-9 ${SCRIPT_TEXT}` } });
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

  it('leaves a path parameter out only when no other operation answers that path, and a rule states the answer', () => {
    const extras = { ...ctx, sandboxExtras: true };
    const cases = byId(buildInvalidCases(op('deleteThing'), extras));
    // `/things` is another operation's path: the left-out `{id}` would reach it.
    expect(cases['path.missing:id']).toBeUndefined();
    const alone = byId(buildInvalidCases(op('deleteThing'), { ...extras, templates: ['/things/{id}'] }));
    expect(alone['path.missing:id'].request.rawPath).toBe('/things');
    expect(alone['path.missing:id'].expect).toEqual({ kind: 'rejected', statuses: [404], declaredOnly: false });
    // No document states what an unknown path answers: without the flag, no case.
    expect(byId(buildInvalidCases(op('deleteThing'), { ...ctx, templates: ['/things/{id}'] }))['path.missing:id']).toBeUndefined();
    // A document that states it (x-request-rules.unknownPath) gets the case without the flag.
    const stated = { ...ctx, doc: { ...DOC, 'x-request-rules': { unknownPath: 404 } } as OpenApiDocument, templates: ['/things/{id}'] };
    expect(byId(buildInvalidCases(op('deleteThing'), stated))['path.missing:id'].expect).toEqual({ kind: 'rejected', statuses: [404], declaredOnly: false });
  });

  it("checks the sandbox's own rules only with --sandbox-extras: size, NUL byte, 22-digit id", () => {
    // The same upload, without 413 among its responses.
    const bare = structuredClone(DOC) as OpenApiDocument & { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    delete bare.paths['/things'].post.responses['413'];
    const upload = listOperations('things', bare).find((o) => o.operationId === 'uploadThing') as Operation;
    const bareCtx = { ...ctx, doc: bare };
    expect(byId(buildInvalidCases(upload, bareCtx))['body.oversized']).toBeUndefined();
    expect(byId(buildInvalidCases(upload, { ...bareCtx, sandboxExtras: true }))['body.oversized'].expect).toEqual({ kind: 'rejected', statuses: [413], declaredOnly: true });
    // A mock reads no x- extension: no size case even where 413 is declared.
    expect(byId(buildInvalidCases(op('uploadThing'), { ...ctx, mock: true }))['body.oversized']).toBeUndefined();

    const update = op('updateThing');
    const valid = buildValidRequest(update, ctx);
    const plain = byId(parameterHostileCases(update, ctx, valid));
    expect(plain['hostile.nul:mode'].expect).toEqual({ kind: 'no-5xx' });
    // `id` states no maximum: 22 digits are a valid integer, so only a 5xx is wrong.
    expect(plain['hostile.hugeId:id'].expect).toEqual({ kind: 'no-5xx' });
    const extras = byId(parameterHostileCases(update, { ...ctx, sandboxExtras: true }, valid));
    expect(extras['hostile.nul:mode'].expect).toEqual({ kind: 'rejected', statuses: [400], declaredOnly: true });
    expect(extras['hostile.hugeId:id'].expect).toEqual({ kind: 'rejected', statuses: [400], declaredOnly: true });
    const stated = byId(parameterHostileCases(update, { ...ctx, doc: { ...DOC, 'x-request-rules': { badText: 400 } } as OpenApiDocument }, valid));
    expect(stated['hostile.nul:mode'].expect).toEqual({ kind: 'rejected', statuses: [400], declaredOnly: true });
  });

  it('never accepts an undeclared status, even from a case that only forbids a 5xx', () => {
    const checker = new ResponseChecker();
    checker.addDocument('things', DOC as OpenApiDocument);
    const answer = (status: number): ReceivedResponse => ({ status, headers: new Headers({ 'content-type': 'application/json' }), body: new TextEncoder().encode(JSON.stringify({ message: 'no' })) });
    const update = op('updateThing');
    expect(checker.checkExpectation(update, { kind: 'no-5xx' }, answer(415)).join()).toMatch(/415, which the operation does not declare/);
    expect(checker.checkExpectation(update, { kind: 'no-5xx' }, answer(404))).toEqual([]);
    expect(checker.checkExpectation(update, { kind: 'rejected', declaredOnly: true }, answer(415)).join()).toMatch(/does not declare/);
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

describe('safe on a shared environment', () => {
  it('rewrites every e-mail address a request carries to a marker address, the same one each time', () => {
    const marker = new RunMarker('654321');
    const emails = new EmailRewriter(() => marker.email());
    const request: RequestSpec = {
      method: 'post',
      path: '/mails',
      pathParams: { to: 'ufficio.stampa@comune.milano.it' },
      query: [['cc', 'Mario.Rossi@esempio.it']],
      headers: {},
      body: { type: 'json', contentType: 'application/json', value: { to: 'ufficio.stampa@comune.milano.it', list: ['a@b.it', { mail: 'Scrivere a c@d.com, grazie' }], own: `qa654321-1@${MARKER_DOMAIN}`, n: 3 } },
      auth: 'operation',
    };
    const sent = emails.request(request);
    const text = JSON.stringify(sent);
    expect(text).not.toMatch(/comune\.milano|esempio\.it|a@b\.it|c@d\.com/);
    const body = (sent.body as { value: Record<string, unknown> }).value;
    expect(body.to).toMatch(/^qa654321-\d+@contract-test\.invalid$/);
    expect(sent.pathParams.to).toBe(body.to);
    expect(body.own).toBe(`qa654321-1@${MARKER_DOMAIN}`);
    expect(body.n).toBe(3);
    expect((body.list as unknown[])[1]).toEqual({ mail: expect.stringMatching(/^Scrivere a qa654321-\d+@contract-test\.invalid, grazie$/) });
    expect(emails.request(request)).toEqual(sent);
    expect(emails.body({ type: 'raw', contentType: 'text/plain', text: '{"to":"x@y.org"}' })).toEqual({ type: 'raw', contentType: 'text/plain', text: `{"to":"${emails.address('x@y.org')}"}` });
    expect(emails.body({ type: 'form', contentType: 'application/x-www-form-urlencoded', value: { email: 'z@w.it' } })).toEqual({ type: 'form', contentType: 'application/x-www-form-urlencoded', value: { email: emails.address('z@w.it') } });
  });

  it("puts the signed-in user's theme and avatar back as they were", () => {
    const before = ownStateOf({ id: 1, avatarId: 7, principal: { username: 'admin', preference: { theme: 'classic' } } });
    expect(before).toEqual({ theme: 'classic', avatarId: 7 });
    const bytes = new Uint8Array([137, 80, 78, 71]);
    const plan = restorePlan({ ...before, avatar: { bytes, mediaType: 'image/png' } }, { theme: 'dark', avatarId: 9 });
    expect(plan.cannot).toEqual([]);
    expect(plan.steps).toEqual([
      { op: 'user.updatePreference', patch: { bodyValue: { theme: 'classic' } }, what: 'theme dark → classic' },
      { op: 'user.uploadAvatar', patch: { file: { bytes, mediaType: 'image/png', fileName: 'avatar.png' } }, what: expect.stringContaining('avatar 9') },
    ]);
    expect(restorePlan(before, before)).toEqual({ steps: [], cannot: [] });
    // An avatar the user did not have cannot be removed again: reported, not hidden.
    const none = restorePlan({ theme: 'classic', avatarId: null }, { theme: 'classic', avatarId: 4 });
    expect(none.steps).toEqual([]);
    expect(none.cannot[0]).toMatch(/avatar changed from none to 4/);
  });
});

describe('hostile classes, as the documents state them', () => {
  const RULES = { ...DOC, 'x-request-rules': { badText: 400, maxJsonDepth: 32 } } as OpenApiDocument;
  const input = (doc: OpenApiDocument, operationId: string, extra: object = {}) => {
    const operation = listOperations('things', doc).find((o) => o.operationId === operationId) as Operation;
    const valid = buildValidRequest(operation, { doc });
    return { op: operation, doc, key: `things.${operationId}`, valid, uniqueResource: false, mode: 'write' as const, ...extra };
  };

  it('sends a malformed percent escape, a lone surrogate and deep nesting only where x-request-rules states them', () => {
    const none = byId(hostileCases(input(DOC, 'updateThing')));
    expect(Object.keys(none).sort()).toEqual(['hostile.range:/size']);
    const cases = byId(hostileCases(input(RULES, 'updateThing')));
    expect(Object.keys(cases).sort()).toEqual(['hostile.depth:/name', 'hostile.percent:id', 'hostile.range:/size', 'hostile.surrogate:/name']);
    expect(cases['hostile.percent:id'].request.rawPath).toBe('/things/%ZZ');
    expect(cases['hostile.percent:id'].expect).toEqual({ kind: 'rejected', statuses: [400], declaredOnly: true });
    expect(cases['hostile.surrogate:/name'].request.body).toEqual({ type: 'raw', contentType: 'application/json', text: `{"name":${LONE_SURROGATE},"size":3,"kind":"a","tags":["centro"]}` });
    const deep = (cases['hostile.depth:/name'].request.body as { text: string }).text;
    expect(deep.startsWith(`{"name":${'['.repeat(40)}]`)).toBe(true);
    expect(cases['hostile.range:/size'].request.body).toMatchObject({ text: `{"name":"Pensilina","size":${OUT_OF_RANGE},"kind":"a","tags":["centro"]}` });
    expect(cases['hostile.range:/size'].expect).toEqual({ kind: 'rejected', statuses: [400], declaredOnly: true });
    // A mock reads no x- extension.
    expect(Object.keys(byId(hostileCases(input(RULES, 'updateThing', { mock: true })))).sort()).toEqual(['hostile.range:/size']);
  });

  it('sends a reference to nothing only where the operation declares 422 UnknownReference', () => {
    expect(byId(hostileCases(input(DOC, 'uploadThing')))['hostile.reference:/thingId']).toBeUndefined();
    const withRef = structuredClone(DOC) as OpenApiDocument & { paths: Record<string, Record<string, { requestBody: unknown; responses: Record<string, unknown> }>>; components: { responses: Record<string, unknown> } };
    withRef.components.responses.UnknownReference = withRef.components.responses.Error;
    withRef.paths['/things'].post.responses['422'] = { $ref: '#/components/responses/UnknownReference' };
    withRef.paths['/things'].post.requestBody = { required: true, content: { 'application/json': { schema: { type: 'object', properties: { thingId: { type: 'integer', minimum: 1 } } }, example: { thingId: 3 } } } };
    const cases = byId(hostileCases(input(withRef, 'uploadThing')));
    expect(cases['hostile.reference:/thingId'].request.body).toMatchObject({ value: { thingId: UNKNOWN_ID } });
    expect(cases['hostile.reference:/thingId'].expect).toEqual({ kind: 'rejected', statuses: [422], declaredOnly: true });
    expect(byId(hostileCases(input(withRef, 'uploadThing', { mock: true })))['hostile.reference:/thingId']).toBeUndefined();
  });

  it('takes a body id that names the record of the path or query as no reference, and gives a unique create fresh values', () => {
    const withRef = structuredClone(DOC) as OpenApiDocument & { paths: Record<string, Record<string, { requestBody: unknown; responses: Record<string, unknown> }>>; components: { responses: Record<string, unknown> } };
    withRef.components.responses.UnknownReference = withRef.components.responses.Error;
    withRef.paths['/things'].post.responses['422'] = { $ref: '#/components/responses/UnknownReference' };
    const props = { thingId: { type: 'integer', minimum: 1 }, ownerId: { type: 'integer', minimum: 1 }, serial: { type: 'string' } };
    withRef.paths['/things'].post.requestBody = { required: true, content: { 'application/json': { schema: { type: 'object', properties: props }, example: { thingId: 3, ownerId: 5, serial: 'SN-1' } } } };
    const plain = input(withRef, 'uploadThing');
    // The record's own id, as the query names it (`auditId` of the detection an update names), is left alone.
    const own = byId(hostileCases({ ...plain, valid: { ...plain.valid, query: [['thingId', '3']] } }));
    expect(own['hostile.reference:/thingId']).toBeUndefined();
    expect(own['hostile.reference:/ownerId'].request.body).toMatchObject({ value: { thingId: 3, ownerId: UNKNOWN_ID } });
    const byPath = byId(hostileCases({ ...plain, valid: { ...plain.valid, pathParams: { id: '3' } } }));
    expect(byPath['hostile.reference:/thingId']).toBeUndefined();
    expect(byPath['hostile.reference:/ownerId']).toBeDefined();
    expect(byId(hostileCases(plain))['hostile.reference:/thingId']).toBeDefined();
    // A create of a resource with unique values asks for fresh ones, the reference kept.
    expect(byId(hostileCases(plain))['hostile.reference:/thingId'].freshUnique).toBeUndefined();
    expect(byId(hostileCases({ ...plain, creates: 'thing', uniqueResource: true }))['hostile.reference:/thingId'].freshUnique).toEqual(['thingId']);
  });

  it('walks the statuses after every other case module: the walk leaves the record in a final status', () => {
    const names = CASE_MODULES.map((m) => m.name);
    expect(names[names.length - 1]).toBe('transitions');
    expect(names.indexOf('hostile')).toBeLessThan(names.indexOf('transitions'));
  });

  it("names the mock's gaps instead of passing them", () => {
    const upload = op('uploadThing');
    const cases = byId(buildInvalidCases(upload, ctx));
    expect(adaptForMock(upload, cases['body.unknown:/'])).toEqual({ skip: expect.stringMatching(/multipart/) });
    const update = op('updateThing');
    const updateCases = byId(buildInvalidCases(update, ctx));
    expect(adaptForMock(update, updateCases['body.malformed'])).toEqual({ case: { ...updateCases['body.malformed'], expect: { kind: 'rejected', declaredOnly: true, statusOnly: true } } });
    expect(adaptForMock(update, updateCases['query.enum:mode'])).toEqual({ case: updateCases['query.enum:mode'] });
  });
});

describe('the documents merged for Prism', () => {
  it("puts each service's paths where the suite sends them, with its own component names and security", async () => {
    // @ts-expect-error a plain ES module without types
    const { mergeDocuments, servicePrefix } = (await import('../../scripts/contract-on-prism.mjs')) as { mergeDocuments: (d: Array<[string, unknown]>) => OpenApiDocument; servicePrefix: (s: string, d: unknown) => string };
    expect(servicePrefix('things', DOC)).toBe('/things/v1');
    const merged = mergeDocuments([['things', DOC], ['other', { ...DOC, security: undefined }]]) as OpenApiDocument & { paths: Record<string, Record<string, { security?: unknown; requestBody?: { content: Record<string, { schema: unknown }> } }>>; components: Record<string, Record<string, unknown>> };
    expect(sandboxBase('http://127.0.0.1:4010', 'things', DOC)).toBe(`http://127.0.0.1:4010${servicePrefix('things', DOC)}/`);
    expect(Object.keys(merged.paths)).toContain('/things/v1/things/{id}');
    expect(merged.paths['/things/v1/things/{id}'].put.security).toEqual([{ things_bearerAuth: [] }]);
    expect(merged.paths['/things/v1/things/{id}'].put.requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/things_ThingInput' });
    expect(merged.components.schemas).toHaveProperty('other_ThingInput');
    expect(merged.components.securitySchemes).toHaveProperty('things_bearerAuth');
  });
});
