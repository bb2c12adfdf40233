// @vitest-environment node
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserConfig } from 'vite';
import viteConfigFn from '../../vite.config';
// @ts-expect-error — a plain ESM script without types
import { createStaticServer, securityHeaders } from '../../scripts/serve.mjs';

let base = '';
let close: () => void;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'app.js.map'), '{"version":3,"sources":["../../src/App.tsx"],"sourcesContent":["secret"]}');
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ environment: 'prod', hosts: { prod: { systems: 'https://systems.example.it', user: 'https://user.example.it/' } } }));
  const server = createStaticServer(dir);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('serving the production build', () => {
  it('answers every real route with the app (client-side routing), with the security headers', async () => {
    const response = await fetch(`${base}/systems-manage/manage`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('id="root"');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('connect-src \'self\' https://systems.example.it https://user.example.it');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('serves assets as files and refuses paths outside the build', async () => {
    const asset = await fetch(`${base}/assets/app.js`);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(await asset.text()).toBe('console.log(1)');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    const escape = await fetch(`${base}/%2e%2e/%2e%2e/etc/passwd`);
    expect(await escape.text()).not.toContain('root:');
  });

  it('never serves a source map, whatever its case or path', async () => {
    for (const p of ['/assets/app.js.map', '/assets/APP.JS.MAP', '/assets/missing.js.map', '/app.js.map']) {
      const response = await fetch(`${base}${p}`);
      expect(response.status, p).toBe(404);
      expect(await response.text(), p).not.toContain('sourcesContent');
    }
  });

  it('builds bundles that do not point browsers to their maps', () => {
    const viteConfig = (viteConfigFn as unknown as (env: { command: 'build'; mode: string }) => UserConfig)({ command: 'build', mode: 'production' });
    expect(viteConfig.build?.sourcemap).toBe('hidden');
  });

  it('adds the tile host to the images the page may load', () => {
    const headers = securityHeaders({ hosts: {}, tileUrl: 'https://tiles.example.it/{z}/{x}/{y}.png' });
    expect(headers['Content-Security-Policy']).toContain('img-src \'self\' data: blob: https://tiles.example.it');
  });
});
