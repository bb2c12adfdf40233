import type { Document } from 'openapi-backend';

/* An offline API reference rendered from the documents themselves: no CDN, no script. */

const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1b}header{background:#0a3f8a;color:#fff;padding:16px 24px}
main{padding:16px 24px;max-width:1100px}a{color:#0a3f8a}.op{border:1px solid #d0d7e2;border-radius:6px;margin:12px 0;padding:8px 12px}
.m{display:inline-block;min-width:64px;font-weight:700;text-transform:uppercase}.get{color:#0b7a2a}.post{color:#0a3f8a}.put,.patch{color:#a35c00}.delete{color:#b00020}
code,pre{background:#f4f6fa;border-radius:4px;padding:2px 4px}pre{padding:8px;overflow:auto;max-height:360px}table{border-collapse:collapse}td,th{border:1px solid #d0d7e2;padding:4px 8px;text-align:left}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function renderDocsIndex(services: Array<{ service: string; root: string; doc: Document }>): string {
  const rows = [...services]
    .sort((a, b) => a.service.localeCompare(b.service))
    .map(({ service, root, doc }) => {
      const count = Object.values(doc.paths ?? {}).reduce((n, item) => n + Object.keys(item ?? {}).filter((k) => /^(get|post|put|patch|delete)$/.test(k)).length, 0);
      return `<tr><td><a href="/docs/${service}">${esc(doc.info?.title ?? service)}</a></td><td><code>${esc(root)}</code></td><td>${count}</td><td><a href="/docs/${service}.yaml">${service}.yaml</a></td></tr>`;
    })
    .join('');
  return page(
    'Riferimento API della sandbox',
    `<header><h1>Riferimento API</h1><p>I 21 servizi della sandbox, dai documenti OpenAPI in <code>openapi/</code>.</p></header>
     <main><table><thead><tr><th>Servizio</th><th>Indirizzo</th><th>Operazioni</th><th>Documento</th></tr></thead><tbody>${rows}</tbody></table></main>`,
  );
}

export function renderServiceReference(service: string, root: string, doc: Document): string {
  const ops: string[] = [];
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (!/^(get|post|put|patch|delete)$/.test(method)) continue;
      const o = op as { operationId?: string; summary?: string; description?: string; parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: unknown }>; requestBody?: { content?: Record<string, { schema?: unknown }> }; responses?: Record<string, { description?: string }>; security?: unknown[] };
      const params = (o.parameters ?? [])
        .map((pa) => `<tr><td><code>${esc(pa.name)}</code></td><td>${esc(pa.in)}</td><td>${pa.required ? 'sì' : 'no'}</td><td>${esc(pa.description)}</td><td><code>${esc(JSON.stringify(pa.schema))}</code></td></tr>`)
        .join('');
      const body = o.requestBody?.content
        ? Object.entries(o.requestBody.content).map(([type, c]) => `<p>Corpo <code>${esc(type)}</code></p><pre>${esc(JSON.stringify(c.schema, null, 2))}</pre>`).join('')
        : '';
      const responses = Object.entries(o.responses ?? {}).map(([code, r]) => `<li><b>${esc(code)}</b> ${esc(r.description)}</li>`).join('');
      const isPublic = Array.isArray(o.security) && o.security.some((s) => Object.keys(s as object).length === 0);
      ops.push(`<section class="op" id="${esc(o.operationId)}"><div><span class="m ${method}">${method}</span><code>${esc(root + p)}</code> ${isPublic ? '(pubblica)' : ''}</div>
        <p><b>${esc(o.summary)}</b> <small><code>${esc(o.operationId)}</code></small></p>${o.description ? `<p>${esc(o.description)}</p>` : ''}
        ${params ? `<table><thead><tr><th>Parametro</th><th>In</th><th>Obbligatorio</th><th>Descrizione</th><th>Schema</th></tr></thead><tbody>${params}</tbody></table>` : ''}
        ${body}<ul>${responses}</ul></section>`);
    }
  }
  return page(
    `${doc.info?.title ?? service} — riferimento API`,
    `<header><h1>${esc(doc.info?.title ?? service)}</h1><p>${esc(doc.info?.description)}</p><p><a style="color:#fff" href="/docs">← tutti i servizi</a> · <a style="color:#fff" href="/docs/${service}.yaml">documento YAML</a></p></header><main>${ops.join('')}</main>`,
  );
}
