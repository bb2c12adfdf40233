#!/usr/bin/env node
// Serves the production build (dist/) with security headers and the SPA fallback to index.html.
//   npm run build && npm run serve -- [--port 4173] [--dir dist]
// The Content-Security-Policy allows scripts only from this origin (no inline scripts), and
// connections only to the service hosts named in dist/config.json (the runtime configuration).
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

function originsOf(config) {
  const origins = new Set();
  for (const env of Object.values(config.hosts ?? {})) {
    for (const host of Object.values(env ?? {})) {
      try {
        origins.add(new URL(host).origin);
      } catch {
        // not a URL: ignored
      }
    }
  }
  if (config.opportunityFallbackHost) origins.add(new URL(config.opportunityFallbackHost).origin);
  return [...origins];
}

export function securityHeaders(config) {
  const services = originsOf(config);
  let tiles = [];
  if (config.tileUrl) {
    try {
      tiles = [new URL(config.tileUrl.replace(/\{[a-z]\}/g, '0')).origin];
    } catch {
      tiles = [];
    }
  }
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${[...services, ...tiles].join(' ')}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' ${services.join(' ')}`.trim(),
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

export function createStaticServer(dir) {
  const root = path.resolve(dir);
  const configFile = path.join(root, 'config.json');
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const config = existsSync(configFile) ? JSON.parse(readFileSync(configFile, 'utf8')) : { hosts: {} };
    for (const [k, v] of Object.entries(securityHeaders(config))) res.setHeader(k, v);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      return res.end();
    }
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root)) {
      res.statusCode = 400;
      return res.end('Percorso non valido');
    }
    // Source maps stay on the server (vite writes them 'hidden'): the source is not the browser's.
    if (path.extname(url.pathname).toLowerCase() === '.map') {
      res.statusCode = 404;
      return res.end('Non trovato');
    }
    const isAsset = existsSync(file) && statSync(file).isFile();
    if (!isAsset) {
      // Real routes are client-side: every unknown path gets the app, which shows its 404 page.
      if (path.extname(url.pathname) && url.pathname.startsWith('/assets/')) {
        res.statusCode = 404;
        return res.end('Non trovato');
      }
      file = path.join(root, 'index.html');
    }
    const ext = path.extname(file);
    res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4173' }, host: { type: 'string', default: '127.0.0.1' }, dir: { type: 'string', default: 'dist' } } });
  if (!existsSync(path.join(values.dir, 'index.html'))) {
    console.error(`${values.dir}/index.html manca: esegui prima "npm run build".`);
    process.exit(1);
  }
  createStaticServer(values.dir).listen(Number(values.port), values.host, () => {
    console.log(`Build di produzione su http://${values.host}:${values.port} (configurazione: ${values.dir}/config.json)`);
  });
}
