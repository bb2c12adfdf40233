#!/usr/bin/env node
// `npm run bench`: figures and ratios, measured in Debian's chromium against the production build
// and the sandbox with the large seed. Prints a table and writes .bench/results.json. Nothing here
// passes or fails on a timing: these are measurements, on a shared, noisy machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { SERVICES } from './services.mjs';
import { createStaticServer } from './serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.bench');
mkdirSync(out, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const { values: opts } = parseArgs({
  options: {
    seed: { type: 'string', default: 'large' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string', multiple: true },
  },
});
const wants = (section) => !opts.only?.length || opts.only.includes(section);

// BENCH_PORT moves the ports (sandbox, app, baseline, plain list, then npm start's sandbox and app)
// to BENCH_PORT and the next five, for a bench beside another stack.
const PORT = Number(process.env.BENCH_PORT) || 0;
const SANDBOX_PORT = PORT || 8897;
const APP_PORT = PORT ? PORT + 1 : 4297;
const BASELINE_PORT = PORT ? PORT + 2 : 4298;
const PLAIN_LIST_PORT = PORT ? PORT + 3 : 4299;
const START_SANDBOX_PORT = PORT ? PORT + 4 : 8898;
const START_APP_PORT = PORT ? PORT + 5 : 5298;
const SANDBOX = `http://127.0.0.1:${SANDBOX_PORT}`;
const APP = `http://127.0.0.1:${APP_PORT}`;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const os = await import('node:os');
// The load average says how busy the (shared) machine was: figures taken at a load above the number
// of CPUs are slower than the code is.
const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version, loadAtStart: loadAverage() },
  figures: {},
};
const figure = (name, value, unit, note = '') => {
  results.figures[name] = { value, unit, note };
  console.log(`  ${name.padEnd(58)} ${String(value).padStart(12)} ${unit}${note ? `  (${note})` : ''}`);
};

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} → ${r.status}`);
}

async function waitFor(url, ms, child) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in ${ms / 1000} s`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function listen(server, port) {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function signIn(username = 'admin') {
  const response = await fetch(`${SANDBOX}/user/oauth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }),
  });
  if (!response.ok) throw new Error(`sign-in ${username}: ${response.status}`);
  return response.json();
}

/** Gzip size of the JavaScript a page loads before it settles. */
async function initialJs(browser, url) {
  const page = await browser.newPage();
  const bodies = [];
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('javascript'))
      bodies.push(
        response
          .body()
          .then((b) => gzipSync(b).length)
          .catch(() => 0),
      );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const sizes = await Promise.all(bodies);
  await page.close();
  return { files: sizes.length, gzip: sizes.reduce((a, b) => a + b, 0) };
}

const config = {
  environment: 'dev',
  hosts: { dev: Object.fromEntries(SERVICES.map((s) => [s, `${SANDBOX}/${s}`])) },
  companyPrefix: 'company',
  opportunityFallbackHost: `${SANDBOX}/opportunity`,
  tileUrl: '',
};

let sandbox;
const servers = [];
let browser;
try {
  // The cold start and the test run start what they measure themselves: with only those, no build,
  // no sandbox and no browser of the other figures.
  const standalone = ['coldstart', 'tests'];
  if (!opts.only?.length || opts.only.some((section) => !standalone.includes(section))) {
    console.log('Build di produzione dell’app e della baseline…');
    run(bin('vite'), [
      'build',
      '--outDir',
      path.join(out, 'app-dist'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]);
    writeFileSync(path.join(out, 'app-dist', 'config.json'), JSON.stringify(config));
    run(bin('vite'), [
      'build',
      'scripts/bench/baseline',
      '--config',
      'vite.config.ts',
      '--outDir',
      path.join(out, 'baseline-dist'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]);
    // The plain react-admin list of the systems (scripts/bench/plainlist): its own build, so that the
    // bare <Admin>'s bundle stays the bundle-size baseline.
    run(bin('vite'), [
      'build',
      'scripts/bench/plainlist',
      '--config',
      'vite.config.ts',
      '--outDir',
      path.join(out, 'plainlist-dist'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]);
    writeFileSync(
      path.join(out, 'plainlist-dist', 'config.json'),
      JSON.stringify({ ...config, sandbox: SANDBOX }),
    );
    servers.push(await listen(createStaticServer(path.join(out, 'app-dist')), APP_PORT));
    servers.push(await listen(createStaticServer(path.join(out, 'baseline-dist')), BASELINE_PORT));
    servers.push(await listen(createStaticServer(path.join(out, 'plainlist-dist')), PLAIN_LIST_PORT));

    const dataDir = path.join(out, `sandbox-${opts.seed}`);
    console.log(`Sandbox con i dati "${opts.seed}" (${dataDir})…`);
    const started = Date.now();
    sandbox = spawn(
      bin('tsx'),
      [
        'sandbox/main.ts',
        '--data-dir',
        dataDir,
        '--port',
        String(SANDBOX_PORT),
        '--seed',
        opts.seed,
        '--quiet',
      ],
      { cwd: root, stdio: 'inherit' },
    );
    await waitFor(`${SANDBOX}/health`, 900_000, sandbox);
    console.log(`  sandbox pronta in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }
  console.log('\nFigure');

  if (wants('bundle')) {
    const base = await initialJs(browser, `http://127.0.0.1:${BASELINE_PORT}/`);
    figure('initial JS of a bare react-admin <Admin> (gzip)', base.gzip, 'bytes', `${base.files} files`);
    const { frontDoorFigures } = await import('./bench/frontdoor.mjs');
    await frontDoorFigures({
      browser,
      app: APP,
      sandbox: SANDBOX,
      seed: opts.seed,
      baselineJs: base.gzip,
      initialJs,
      figure,
      signIn,
    });
  }

  if (wants('screens')) {
    const { screenFigures } = await import('./bench/screens.mjs');
    await screenFigures({ browser, app: APP, sandbox: SANDBOX, config, figure, signIn });
  }

  if (wants('list')) {
    const { listSideBySide } = await import('./bench/screens.mjs');
    await listSideBySide({
      browser,
      app: APP,
      plain: `http://127.0.0.1:${PLAIN_LIST_PORT}`,
      sandbox: SANDBOX,
      figure,
      signIn,
    });
  }

  if (wants('throughput')) {
    const { access_token } = await signIn();
    const auth = `Authorization=Bearer ${access_token}`;
    const load = (url, method = 'GET', body) => {
      const args = [
        path.join(root, 'node_modules', 'autocannon', 'autocannon.js'),
        '-c',
        opts.connections,
        '-d',
        opts.duration,
        '-j',
        '-H',
        auth,
        '-m',
        method,
      ];
      if (body) args.push('-H', 'Content-Type=application/json', '-b', body);
      args.push(url);
      const r = spawnSync(process.execPath, args, {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      if (r.status !== 0) throw new Error(r.stderr);
      const j = JSON.parse(r.stdout);
      return { rps: j.requests.average, p99: j.latency.p99, errors: j.errors + j.non2xx };
    };
    // One size-9999 search alone, before the load: what a single user waits.
    const alone = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const r = await fetch(`${SANDBOX}/systems/v1/system/search/params?page=0&size=9999&type=ALL`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ statuses: ['active'] }),
      });
      await r.arrayBuffer();
      alone.push(performance.now() - t0);
    }
    alone.sort((a, b) => a - b);
    figure(
      'sandbox systems search (size 9999), one request alone',
      alone[1].toFixed(0),
      'ms',
      `median of 3, min ${alone[0].toFixed(0)} ms`,
    );
    const constant = load(`${SANDBOX}/health`);
    const list = load(`${SANDBOX}/systems/v1/system/all/page/0/perPage/10?type=OOH`);
    const search = load(
      `${SANDBOX}/systems/v1/system/search/params?page=0&size=9999&type=ALL`,
      'POST',
      JSON.stringify({ statuses: ['active'] }),
    );
    figure('sandbox constant body: requests/s', constant.rps.toFixed(0), 'req/s', `p99 ${constant.p99} ms`);
    figure(
      'sandbox systems list page: requests/s',
      list.rps.toFixed(0),
      'req/s',
      `p99 ${list.p99} ms, errors ${list.errors}`,
    );
    figure('sandbox systems list / constant body', (list.rps / constant.rps).toFixed(3), '×');
    figure(
      'sandbox systems search (size 9999): requests/s',
      search.rps.toFixed(1),
      'req/s',
      `p99 ${search.p99} ms, errors ${search.errors}`,
    );
    figure('sandbox systems search / constant body', (search.rps / constant.rps).toFixed(4), '×');
  }

  if (wants('systems')) {
    // The systems screens at scale: its own stack, the same seed.
    const r = spawnSync(process.execPath, ['scripts/bench-systems.mjs', '--seed', opts.seed, '--json'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    const json = r.stdout.slice(r.stdout.indexOf('{'));
    try {
      const f = JSON.parse(json);
      figure('systems map: markers loaded for the viewport', f.map.markersLoadedForViewport, 'systems');
      figure(
        'systems map: marker elements in the DOM',
        f.map.markerElements,
        'elements',
        `${f.map.markerElementsAfterZoomingIn} after zooming in`,
      );
      figure(
        'systems filtered search (size 9999): rows in the DOM',
        f.filteredSearch.rowsInDom,
        'rows',
        `${f.filteredSearch.found}`,
      );
      figure(
        'systems list first page: requests to the systems service',
        f.listFirstPage.requestsToSystems,
        'req',
        `${f.listFirstPage.duplicates.length} duplicate`,
      );
    } catch {
      figure('systems scale figures', 'n/a', '', (r.stderr || r.stdout).split('\n').slice(-3).join(' '));
    }
  }

  if (wants('coldstart')) {
    // npm start on a fresh data folder with nothing prepared yet (PGlite's initdb, the migrations and
    // the seed, into prepared folders of their own); on another after a change of the sandbox's code
    // (the prepared seed dropped, the empty cluster of the same PGlite kept: the migrations and the
    // seed); on another fresh one (a copy of the prepared seed), then on the data the last start left.
    const dataDir = path.join(out, 'coldstart-data');
    const preparedDir = path.join(out, 'coldstart-prepared');
    rmSync(preparedDir, { recursive: true, force: true });
    const codeChanged = "a fresh data folder, after a change of the sandbox's code";
    for (const label of [
      'a fresh data folder, nothing prepared',
      codeChanged,
      'a fresh data folder',
      'data present',
    ]) {
      if (label !== 'data present') rmSync(dataDir, { recursive: true, force: true });
      if (label === codeChanged) {
        for (const name of readdirSync(preparedDir))
          if (!name.startsWith('cluster-'))
            rmSync(path.join(preparedDir, name), { recursive: true, force: true });
      }
      const t0 = Date.now();
      const child = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: root,
        stdio: 'ignore',
        env: {
          ...process.env,
          SANDBOX_PORT: String(START_SANDBOX_PORT),
          APP_PORT: String(START_APP_PORT),
          SANDBOX_DATA_DIR: dataDir,
          SANDBOX_PREPARED_DIR: preparedDir,
        },
      });
      try {
        await Promise.all([
          waitFor(`http://127.0.0.1:${START_SANDBOX_PORT}/health`, 300_000, child),
          waitFor(`http://127.0.0.1:${START_APP_PORT}/`, 300_000, child),
        ]);
        figure(
          `npm start, ${label} (installed tree)`,
          ((Date.now() - t0) / 1000).toFixed(1),
          's',
          'sandbox + app answering',
        );
      } finally {
        await stop(child);
      }
    }
  }

  if (wants('tests')) {
    // The wall time of each npm test step, from a run of the whole suite on this machine.
    console.log('\nnpm test (CI=true), per le durate dei passi…');
    const t0 = Date.now();
    const r = spawnSync(process.execPath, ['scripts/test.mjs'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CI: 'true' },
    });
    const stepsFile = path.join(root, '.e2e', 'reports', 'steps.json');
    if (existsSync(stepsFile)) {
      const { steps, wallSeconds } = JSON.parse(readFileSync(stepsFile, 'utf8'));
      for (const step of steps)
        if (step.seconds > 0)
          figure(`npm test step: ${step.name}`, step.seconds.toFixed(1), 's', step.ok ? '' : 'FAILED');
      figure(
        'npm test: wall time',
        wallSeconds.toFixed(1),
        's',
        r.status === 0 ? 'passed' : `exit ${r.status}`,
      );
    } else {
      figure(
        'npm test: wall time',
        ((Date.now() - t0) / 1000).toFixed(1),
        's',
        `no step report, exit ${r.status}`,
      );
    }
  }
} finally {
  await browser?.close();
  await stop(sandbox);
  for (const s of servers) s.close();
}

results.machine.loadAtEnd = loadAverage();
console.log(
  `\nCarico medio della macchina (1, 5, 15 min): ${results.machine.loadAtStart} all'inizio, ${results.machine.loadAtEnd} alla fine (${results.machine.cpus} CPU)`,
);
writeFileSync(path.join(out, 'results.json'), JSON.stringify(results, null, 2));
console.log(`\nRisultati in ${path.relative(root, path.join(out, 'results.json'))}`);
