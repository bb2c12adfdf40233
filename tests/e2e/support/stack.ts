import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

import { SERVICES } from '@/config/services';
import { freshSandboxDir } from '../../../scripts/sandbox-data.mjs';

export const CHROMIUM = '/usr/bin/chromium';
export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Debian's chromium: installed by the test set-up when missing (needs root, as on CI). */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) throw new Error(`${CHROMIUM} manca: installa il pacchetto Debian "chromium" (apt-get install -y chromium)`);
  console.log('Installo chromium da Debian (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], { stdio: 'inherit', env });
  if (result.status !== 0 || !existsSync(CHROMIUM)) throw new Error('Installazione di chromium non riuscita');
}

/**
 * Refuses a port some other process already holds: the stack would otherwise find that process's
 * server answering, and the tests would run against someone else's app or sandbox.
 */
export function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'EADDRINUSE' ? `La porta ${port} (${what}) è già in uso da un altro processo: chiudilo o scegli un'altra porta` : error.message)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

async function waitFor(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: il processo è terminato (codice ${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} non risponde dopo ${timeoutMs / 1000} s`);
}

export interface Stack {
  appUrl: string;
  sandboxUrl: string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

/** The app's dev server (`E2E_APP=dev`): modules compiled on request, as `npm start` serves them. */
function startDevServer(appPort: number): ChildProcess {
  return spawn(bin('vite'), ['--host', '127.0.0.1', '--port', String(appPort), '--strictPort'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * The production build served as `npm run serve` serves it (CSP, SPA fallback), its config.json
 * naming this run's sandbox. A page then loads a handful of bundled files instead of the dev
 * server's hundreds of modules, which is most of an end-to-end run's time on two cores.
 */
function startBuild(appPort: number, sandboxUrl: string, dataDir: string): ChildProcess {
  const outDir = path.join(dataDir, 'app-dist');
  // E2E_APP_DIST: a build made beforehand (npm test makes it beside the unit tests); copied, so
  // that this run's config.json never lands in it.
  const prebuilt = process.env.E2E_APP_DIST;
  if (prebuilt) {
    if (!existsSync(path.join(prebuilt, 'index.html'))) throw new Error(`E2E_APP_DIST=${prebuilt}: manca index.html`);
    cpSync(prebuilt, outDir, { recursive: true });
  } else {
    const build = spawnSync(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`vite build: codice ${build.status}`);
  }
  const hosts = Object.fromEntries(SERVICES.map((s) => [s, `${sandboxUrl}/${s}`]));
  writeFileSync(
    path.join(outDir, 'config.json'),
    // preloadScreens off: every page load of the suite would otherwise load every screen of the
    // menu in the background (some 700 kB of scripts for the administrator), CPU the suite's other
    // browsers need; shell.e2e turns it on for the case that checks it.
    JSON.stringify({ environment: 'dev', hosts: { dev: hosts }, companyPrefix: 'company', opportunityFallbackHost: `${sandboxUrl}/opportunity`, tileUrl: '', preloadScreens: false }),
  );
  return spawn(process.execPath, ['scripts/serve.mjs', '--dir', outDir, '--port', String(appPort)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * The `npm start` stack on its own ports: the sandbox on a fresh data folder and the app's dev
 * server. The app is pointed at this sandbox by the browser helpers (see browser.ts).
 */
export async function startStack(options: { sandboxPort?: number; appPort?: number; seed?: 'small' | 'large'; app?: 'build' | 'dev' } = {}): Promise<Stack> {
  const sandboxPort = options.sandboxPort ?? Number(process.env.E2E_SANDBOX_PORT ?? 8797);
  const appPort = options.appPort ?? Number(process.env.E2E_APP_PORT ?? 5183);
  await assertPortFree(sandboxPort, 'sandbox');
  await assertPortFree(appPort, 'app');
  const dataDir = freshSandboxDir('e2e-sandbox-', options.seed ?? 'small');
  const logs: string[] = [];
  const keep = (child: ChildProcess, name: string) => {
    for (const s of [child.stdout, child.stderr]) s?.on('data', (d: Buffer) => logs.push(`[${name}] ${d.toString()}`));
  };
  const sandbox = spawn(bin('tsx'), ['sandbox/main.ts', '--data-dir', dataDir, '--port', String(sandboxPort), '--seed', options.seed ?? 'small', '--test-mailbox'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  keep(sandbox, 'sandbox');
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const appUrl = `http://127.0.0.1:${appPort}`;
  const app = options.app === 'dev' || process.env.E2E_APP === 'dev' ? startDevServer(appPort) : startBuild(appPort, sandboxUrl, dataDir);
  keep(app, 'app');
  try {
    await Promise.all([waitFor(`${sandboxUrl}/health`, 420_000, sandbox), waitFor(`${appUrl}/config.json`, 120_000, app)]);
  } catch (error) {
    console.error(logs.join(''));
    await Promise.all([stopChild(sandbox), stopChild(app)]);
    throw error;
  }
  return {
    appUrl,
    sandboxUrl,
    async stop() {
      await Promise.all([stopChild(sandbox), stopChild(app)]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
