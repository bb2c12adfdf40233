#!/usr/bin/env node
// A throw-away PostgreSQL cluster for the tests: the server binaries of the machine (the highest
// /usr/lib/postgresql/<version>/bin; Debian's `postgresql` is installed with apt-get when there is
// none, as root, as CI runs), a data folder in a temporary folder (initdb as the `postgres` user
// when this runs as root: initdb refuses root), the server on 127.0.0.1 with a free port and its
// unix socket inside that folder, one database, and a `postgres://` URL. Durability is off (fsync,
// synchronous_commit, full_page_writes): the cluster lives for one test run. It is stopped and its
// folder removed at the end, also on SIGINT/SIGTERM and on exit.
//
//   import { startPostgres } from './postgres.mjs';
//   const pg = await startPostgres();   // { url, port, dir, stop() }
//   …
//   await pg.stop();
//
// Run alone it starts a cluster, prints its URL and keeps it until Ctrl-C:
//   node scripts/postgres.mjs            (or with a command: node scripts/postgres.mjs -- cmd args…,
//                                          run with DATABASE_URL set, the cluster removed after it)
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from './processes.mjs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = '/usr/lib/postgresql';
const DATABASE = 'sandbox';

/** The bin folder of the highest PostgreSQL version installed, or undefined. */
export function findServerBin(root = ROOT) {
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+(\.\d+)?$/.test(v) && existsSync(path.join(root, v, 'bin', 'postgres')) && existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : undefined;
}

/** The server binaries, installing Debian's `postgresql` with apt-get when there are none (root only). */
export function ensureServerBin() {
  const found = findServerBin();
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error(`PostgreSQL manca (${ROOT}/*/bin): installa il pacchetto Debian "postgresql" (apt-get install -y postgresql)`);
  console.log('Installo PostgreSQL da Debian (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { stdio: 'inherit', env });
  const bin = findServerBin();
  if (result.status !== 0 || !bin) throw new Error('Installazione di PostgreSQL non riuscita');
  return bin;
}

/** A free TCP port of 127.0.0.1. */
export { freePort };

/** The uid/gid of a system user, from `id` (undefined when there is none). */
function systemUser(name) {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** As root, the user the server runs as: `postgres` (Debian's package creates it). */
function serverUser() {
  if (process.getuid?.() !== 0) return undefined;
  const user = systemUser('postgres');
  if (!user) throw new Error('Come root PostgreSQL va avviato da un altro utente, e l\'utente "postgres" non esiste');
  return user;
}

/** Runs a server binary, as `user` when given (runuser), and returns its result. */
function runAs(user, command, args, options = {}) {
  const [cmd, argv] = user ? ['runuser', ['-u', user.name, '--', command, ...args]] : [command, args];
  return spawnSync(cmd, argv, { encoding: 'utf8', ...options });
}

/** A wait that does not keep the process alive by itself. */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Starts a throw-away cluster. `log` receives progress lines. The answer's `stop()` stops the server
 * (fast shutdown, then immediate) and removes the folder; it is also run on exit and on signals.
 */
export async function startPostgres({ log = () => {}, database = DATABASE } = {}) {
  const started = Date.now();
  const bin = ensureServerBin();
  const user = serverUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-test-'));
  const data = path.join(dir, 'data');
  const socketDir = path.join(dir, 'socket');
  let stopped = false;
  let child;
  const remove = () => rmSync(dir, { recursive: true, force: true });
  /** Signals the postmaster itself (runuser, its parent, does not pass every signal on). */
  const signalServer = (sig) => {
    try {
      const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0) return process.kill(pid, sig);
    } catch {
      // no pid file yet, or already gone
    }
    child?.kill(sig);
  };
  const onExit = () => {
    // Last resort on exit: no waiting is possible here, so the server is told to stop at once.
    if (child && child.exitCode === null) signalServer('SIGQUIT');
    remove();
  };
  const onSignal = (sig) => {
    void stop().finally(() => process.exit(sig === 'SIGINT' ? 130 : 143));
  };
  async function stop() {
    if (stopped) return;
    stopped = true;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      signalServer('SIGINT'); // fast shutdown
      const inTime = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!inTime) {
        signalServer('SIGQUIT'); // immediate shutdown
        await Promise.race([exited, sleep(5000)]);
      }
    }
    remove();
    // Only now: a crash while the server stops still removes the folder on exit.
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  process.on('exit', onExit);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    mkdirSync(socketDir);
    // The folder belongs to the server's user (initdb wants to own the data folder it makes).
    if (user) for (const d of [dir, socketDir]) chownSync(d, user.uid, user.gid);
    // Trust authentication: the server listens on 127.0.0.1 and a socket in this private folder only.
    const init = runAs(user, path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { cwd: dir });
    if (init.status !== 0) throw new Error(`initdb non riuscito: ${init.stderr || init.stdout}`);
    const port = await freePort();
    writeFileSync(
      path.join(data, 'postgresql.auto.conf'),
      [
        `listen_addresses = '127.0.0.1'`,
        `port = ${port}`,
        `unix_socket_directories = '${socketDir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 100',
        'shared_buffers = 64MB',
        'logging_collector = off',
        "log_min_messages = 'warning'",
        'autovacuum = on',
        '',
      ].join('\n'),
    );
    if (user) chownSync(path.join(data, 'postgresql.auto.conf'), user.uid, user.gid);
    const [cmd, argv] = user ? ['runuser', ['-u', user.name, '--', path.join(bin, 'postgres'), '-D', data]] : [path.join(bin, 'postgres'), ['-D', data]];
    child = spawn(cmd, argv, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    const stderr = [];
    child.stderr.on('data', (chunk) => {
      stderr.push(String(chunk));
      if (stderr.length > 200) stderr.shift();
    });
    // Ready when pg_isready says so on the socket (bounded).
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`PostgreSQL si è fermato all'avvio: ${stderr.join('').slice(-2000)}`);
      const ready = spawnSync(path.join(bin, 'pg_isready'), ['-h', socketDir, '-p', String(port), '-q']);
      if (ready.status === 0) break;
      if (Date.now() > deadline) throw new Error(`PostgreSQL non è pronto dopo 30 s: ${stderr.join('').slice(-2000)}`);
      await sleep(100);
    }
    const created = runAs(user, path.join(bin, 'createdb'), ['-h', socketDir, '-p', String(port), '-U', 'postgres', database]);
    if (created.status !== 0) throw new Error(`createdb non riuscito: ${created.stderr}`);
    const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
    log(`PostgreSQL ${path.basename(path.dirname(bin))} pronto su ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s (${dir})`);
    return { url, port, dir, bin, socketDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Another empty database on the same cluster (e.g. one per test pass); its URL. */
export function createDatabase(cluster, name) {
  const user = serverUser();
  const created = runAs(user, path.join(cluster.bin, 'createdb'), ['-h', cluster.socketDir, '-p', String(cluster.port), '-U', 'postgres', name]);
  if (created.status !== 0) throw new Error(`createdb ${name} non riuscito: ${created.stderr}`);
  return `postgres://postgres@127.0.0.1:${cluster.port}/${name}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dash = process.argv.indexOf('--');
  const command = dash >= 0 ? process.argv.slice(dash + 1) : [];
  const pg = await startPostgres({ log: (line) => console.error(line) });
  if (!command.length) {
    console.log(pg.url);
    console.error('Ctrl-C per fermarlo e rimuoverlo');
    await new Promise(() => {});
  }
  const run = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, DATABASE_URL: pg.url } });
  const code = await new Promise((resolve) => {
    run.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    run.on('error', () => resolve(1));
  });
  await pg.stop();
  process.exit(code);
}
