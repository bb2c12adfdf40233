import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDb } from './db';
import { migrate } from './db/migrate';
import { internalServices } from './internal';
import { seed, seededWith, type SeedSize } from './seed';
import { createSandbox } from './server';
import { HANDLERS } from './services';
import { DEMO_USERS } from './services/demoUsers';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.SANDBOX_PORT ?? '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    'data-dir': { type: 'string', default: process.env.SANDBOX_DATA_DIR ?? path.resolve('.sandbox-data') },
    seed: { type: 'string' },
    reset: { type: 'boolean', default: false },
    'reset-only': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
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

const port = Number(values.port);
const origin = `http://${values.host}:${port}`;
const { server } = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin, log: (l) => console.error(l) });
server.listen(port, values.host, () => {
  log(`Sandbox in ascolto su ${origin} (riferimento API: ${origin}/docs)`);
  log(`Utenti demo (password "demo"): ${DEMO_USERS.map((u) => u.username).join(', ')}`);
});

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  server.close();
  server.closeAllConnections();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
