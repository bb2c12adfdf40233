import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seller, setConfigFile } from './company';
import { openDb } from './db';
import { migrate } from './db/migrate';
import { fromPrepared, preparedDir, preparedKey } from './db/prepared';
import { internalServices } from './internal';
import { seed, seededWith, type SeedSize } from './seed';
import { createSandbox } from './server';
import { HANDLERS } from './services';
import { testMailbox } from './services/mail';
import { moveClock, startScheduler } from './services/scheduler';
import { DEMO_USERS } from './seed/demoUsers';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.SANDBOX_PORT ?? '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    'data-dir': { type: 'string', default: process.env.SANDBOX_DATA_DIR ?? path.resolve('.sandbox-data') },
    seed: { type: 'string' },
    reset: { type: 'boolean', default: false },
    'reset-only': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    /** Migrate and seed the data folder, then exit without serving (a template for test steps). */
    'prepare-only': { type: 'boolean', default: false },
    /** The runtime configuration whose `company` block names the seller (default public/config.json). */
    config: { type: 'string' },
    /** Tests only: serve GET /internal/mailbox?to=…, the mails a recipient got, secrets included. */
    'test-mailbox': { type: 'boolean', default: process.env.SANDBOX_TEST_MAILBOX === '1' },
  },
});

const log = (line: string) => {
  if (!values.quiet) console.log(line);
};
const dataDir = values['data-dir']!;
const databaseUrl = process.env.DATABASE_URL;
const wanted = values.seed as SeedSize | undefined;
if (wanted && wanted !== 'small' && wanted !== 'large') {
  console.error(`--seed vuole small o large, non ${wanted}`);
  process.exit(2);
}

if ((values.reset || values['reset-only']) && !databaseUrl && dataDir !== 'memory') {
  rmSync(dataDir, { recursive: true, force: true });
  log(`Dati della sandbox azzerati (${dataDir})`);
  if (values['reset-only']) process.exit(0);
}

if (values.config) setConfigFile(values.config);
try {
  log(`Venditore delle offerte: ${seller().identity.name}`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}

// A new embedded data folder with the small seed starts as a copy of a prepared one (db/prepared.ts),
// made by the first start that needs it: the migrations and the seed run once, not at each start.
const empty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;
if (
  !databaseUrl &&
  dataDir !== 'memory' &&
  (wanted ?? 'small') === 'small' &&
  empty(dataDir) &&
  process.env.SANDBOX_PREPARED !== '0'
) {
  const started = Date.now();
  const how = await fromPrepared({
    dataDir,
    key: preparedKey('small'),
    cacheDir: preparedDir(),
    prepare: async (dir) => {
      log(
        'Preparo i dati di esempio (small): migrazioni e dati, una volta per versione del codice e per giorno…',
      );
      const fresh = await openDb({ dataDir: dir });
      try {
        await migrate(fresh);
        await seed(fresh, 'small');
      } finally {
        await fresh.close();
      }
    },
  });
  log(
    `Dati di esempio (small) ${how === 'made' ? 'preparati e copiati' : 'copiati dai dati preparati'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

const db = await openDb({ dataDir, databaseUrl });
if (values.reset && databaseUrl) {
  await db.query('DROP SCHEMA public CASCADE');
  await db.query('CREATE SCHEMA public');
}
const applied = await migrate(db);
if (applied.length) log(`Migrazioni applicate: ${applied.join(', ')}`);

const current = await seededWith(db);
if (!current || (wanted && wanted !== current)) {
  if (current) {
    console.error(`La sandbox ha già i dati "${current}": usa --reset per caricare "${wanted}".`);
    process.exit(2);
  }
  const size = wanted ?? 'small';
  const started = Date.now();
  log(`Carico i dati di esempio (${size})…`);
  await seed(db, size);
  log(`Dati di esempio caricati in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (values['prepare-only']) {
  await db.close();
  log(`Dati pronti in ${databaseUrl ? 'PostgreSQL' : dataDir}`);
  process.exit(0);
}

const port = Number(values.port);
const origin = `http://${values.host}:${port}`;
const scheduler = startScheduler({ db, services: internalServices, origin, log });
const testEndpoints = values['test-mailbox']
  ? { '/internal/mailbox': testMailbox, '/internal/clock': moveClock(scheduler) }
  : undefined;
if (testEndpoints) {
  log(
    'Solo per i test: GET /internal/mailbox?to=… mostra le mail ricevute da un destinatario, segreti compresi',
  );
  log(
    "Solo per i test: POST /internal/clock?advanceSeconds=… sposta l'orologio della sandbox (?reset=1 lo rimette) ed esegue gli eventi programmati scaduti",
  );
}
const sandbox = await createSandbox({
  db,
  handlers: HANDLERS,
  services: internalServices,
  origin,
  log: (l) => console.error(l),
  testEndpoints,
});
sandbox.server.listen(port, values.host, () => {
  log(`Sandbox in ascolto su ${origin} (riferimento API: ${origin}/docs)`);
  log(`Utenti demo (password "demo"): ${DEMO_USERS.map((u) => u.username).join(', ')}`);
});

/** Bounded waits of a stop: requests in flight, then the database. */
const DRAIN_MS = Number(process.env.SANDBOX_DRAIN_MS ?? 10_000);
const DB_CLOSE_MS = 10_000;

let closing = false;
/**
 * SIGTERM / SIGINT: stop accepting, let the requests in flight finish (bounded), close the database
 * (PGlite flushes and shuts down cleanly), exit 0. A repeated signal (tsx relays the one sent to
 * its process group, so the sandbox may get it twice) does not cut the stop short.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  scheduler.stop();
  const { drained, abandoned } = await sandbox.close(DRAIN_MS);
  if (!drained) console.error(`Arresto: ${abandoned} richieste ancora in corso dopo ${DRAIN_MS} ms, chiuse`);
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    db.close().then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), DB_CLOSE_MS))),
  ]);
  clearTimeout(timer);
  if (!closed) console.error(`Arresto: il database non si è chiuso entro ${DB_CLOSE_MS} ms`);
  log(`Sandbox arrestata (${signal})`);
  process.exit(drained && closed ? 0 : 1);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
