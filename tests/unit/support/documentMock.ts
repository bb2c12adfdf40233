import { OpenAPIBackend, type Document } from 'openapi-backend';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { http, HttpResponse } from 'msw';
import { apiRootOf, loadDocument } from '../../../sandbox/server';

/**
 * MSW handlers that answer a service's calls only when the request satisfies its OpenAPI
 * document (route, parameters, body, bearer where the document wants one). Every request is
 * recorded with the violations found, so a test fails when a client breaks the document.
 */
export interface Seen {
  service: string;
  operationId?: string;
  method: string;
  url: string;
  violations: string[];
}

type Op = {
  operationId?: string;
  security?: Array<Record<string, unknown>>;
  responses?: Record<
    string,
    {
      headers?: Record<string, { example?: unknown }>;
      content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown }> }>;
    }
  >;
};

export async function documentBackend(service: string): Promise<{ api: OpenAPIBackend; doc: Document; root: string }> {
  const doc = loadDocument(service);
  const root = apiRootOf(service, doc);
  const api = new OpenAPIBackend({
    definition: structuredClone(doc),
    apiRoot: root,
    quick: true,
    coerceTypes: true,
    ignoreTrailingSlashes: false,
    customizeAjv: (_o, opts) => {
      const ajv = new Ajv2020({ ...opts, strict: false, allErrors: true });
      addFormats(ajv);
      return ajv as never;
    },
  });
  await api.init();
  return { api, doc: api.definition as Document, root };
}

async function parsedBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!request.body) return undefined;
  if (type.includes('json')) {
    const text = await request.text();
    return text ? JSON.parse(text) : undefined;
  }
  if (type.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(await request.text()));
  if (type.includes('multipart/form-data')) {
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]));
  }
  return await request.text();
}

/**
 * An operation's answer of the given status (by default its first 2xx): its example body and the
 * examples of its stated headers. A status the document does not list for the operation throws.
 */
function exampleOf(op: Op, status?: number): { status: number; body: unknown; headers: Record<string, string> } {
  const entry = Object.entries(op.responses ?? {}).find(([code]) => (status ? code === String(status) : /^2\d\d$/.test(code)));
  if (status && !entry) throw new Error(`${op.operationId ?? 'the operation'} documents no ${status} answer`);
  if (!entry) return { status: 200, body: null, headers: {} };
  const [code, response] = entry;
  const json = response.content?.['application/json'];
  const body = json?.example ?? Object.values(json?.examples ?? {})[0]?.value ?? null;
  const headers = Object.fromEntries(
    Object.entries(response.headers ?? {})
      .filter(([, h]) => typeof h.example === 'string')
      .map(([name, h]) => [name, h.example as string]),
  );
  return { status: Number(code), body, headers };
}

/**
 * `answers` names, by operationId, the status an operation answers instead of its first 2xx (the
 * document's own example of that status, e.g. a 409 or a 404).
 */
export async function documentHandlers(origin: string, services: string[], seen: Seen[], answers: Record<string, number> = {}) {
  const backends = await Promise.all(services.map(async (s) => ({ service: s, ...(await documentBackend(s)) })));
  return backends.map(({ service, api, doc, root }) =>
    http.all(`${origin}${root}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const body = await parsedBody(request.clone());
      const headers = Object.fromEntries(request.headers.entries());
      const req = { method: request.method, path: url.pathname + url.search, headers, body };
      const record: Seen = { service, method: request.method, url: request.url, violations: [] };
      seen.push(record);
      const operation = api.matchOperation(req as never) as (Op & { operationId?: string }) | undefined;
      if (!operation) {
        record.violations.push(`no operation of ${service}.yaml matches ${request.method} ${url.pathname}`);
        return HttpResponse.json({ message: 'not in the document' }, { status: 404 });
      }
      record.operationId = operation.operationId;
      const result = api.validator.validateRequest(req as never, operation as never);
      for (const e of result.errors ?? []) record.violations.push(`${e.instancePath || '/'} ${e.message ?? ''}`.trim());
      const security = operation.security ?? (doc.security as Op['security']) ?? [];
      const needsBearer = security.length > 0 && !security.some((s) => Object.keys(s).length === 0) && security.some((s) => 'bearerAuth' in s);
      if (needsBearer && !/^Bearer \S+/.test(headers.authorization ?? '')) record.violations.push('missing bearer authorization');
      if (record.violations.length) return HttpResponse.json({ message: 'invalid', errors: record.violations }, { status: 400 });
      const { status, body: example, headers: answerHeaders } = exampleOf(operation, operation.operationId ? answers[operation.operationId] : undefined);
      if (status === 204) return new HttpResponse(null, { status, headers: answerHeaders });
      return HttpResponse.json(example as never, { status, headers: answerHeaders });
    }),
  );
}
