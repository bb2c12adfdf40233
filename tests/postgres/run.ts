/**
 * The sandbox on a real PostgreSQL 15 server under concurrent writers (`npm test` step): a
 * throw-away cluster (scripts/postgres.mjs), the sandbox on it (`DATABASE_URL`, migrations and the
 * small seed), then a bounded pool of writers creating across the resources whose ids and codes
 * the sandbox allocates, and races of the same unique value. Checks: no error (no 5xx, no failed
 * request, nothing in the sandbox's error log), the races answered one 2xx and 409s, every created
 * id unique and stored with its name, and readable through the API. Then the holds of one face
 * raced (PG_HOLD_RACE_SIZE parallel options for overlapping periods, 20): a static face takes one
 * and a screen of 6 slots six, every other answer a 409 naming the holds that fill it.
 *
 *   tsx tests/postgres/run.ts [--report <file>]
 *
 * Environment: PG_WRITERS (concurrent writers, 32), PG_PER_KIND (creates per resource, 30),
 * PG_RACE_SIZE (creates per race, 6), PG_HOLD_RACE_SIZE (holds per face race, 20). Writes `{ passed, failed, skipped, figures, checks }`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDb, type Db } from '../../sandbox/db';
import { freePort, startPostgres } from '../../scripts/postgres.mjs';
import { Client, signIn } from '../robustness/client';
import { SandboxProcess } from '../robustness/sandbox';
import { CREATE_KINDS, concurrentCreates, references, type ConcurrentResult, type CreateKind, type Created } from './creates';
import { holdRaces } from './reservations';

const { values } = parseArgs({ options: { report: { type: 'string' } } });
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.round(value) : fallback;
};
const WRITERS = number('PG_WRITERS', 32);
const PER_KIND = number('PG_PER_KIND', 30);
const RACE_SIZE = number('PG_RACE_SIZE', 6);
const HOLD_RACE_SIZE = number('PG_HOLD_RACE_SIZE', 20);
const STARTUP_MS = 240_000;
const WATCHDOG_MS = 300_000;

const log = (line: string) => console.log(`[postgres] ${line}`);

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
const checks: Check[] = [];
const figures: Record<string, unknown> = {};
function check(name: string, ok: boolean, detail: string) {
  checks.push({ name, ok, detail });
  log(`${ok ? 'ok    ' : 'FAILED'} ${name}: ${detail}`);
}

/** What the database holds of one kind's creates of the run: id (per type for sub-items) and name. */
async function stored(db: Db, kind: CreateKind, prefix: string): Promise<Array<{ key: string; name: string; code?: string }>> {
  const like = `${prefix}%`;
  const collection: Partial<Record<CreateKind, [string, string]>> = {
    campaign: ['campaigns', 'name'],
    planning: ['plannings', 'name'],
    order: ['orders', 'notes'],
    product: ['products', 'name'],
    advertiser: ['advertisers', 'name'],
    opportunity: ['opportunities', 'name'],
    catalog: ['catalogs', 'name'],
    estimate: ['estimates', 'name'],
  };
  let rows: Array<{ key: string; name: string; code?: string }>;
  if (kind === 'system') rows = (await db.query<{ key: string; name: string; code: string }>('SELECT id::text AS key, name, code FROM systems WHERE name LIKE $1', [like])).rows;
  else if (kind === 'subitem') rows = (await db.query<{ key: string; name: string }>("SELECT type || ':' || id AS key, name FROM audit_subitems WHERE name LIKE $1", [like])).rows;
  else if (kind === 'agent') rows = (await db.query<{ key: string; name: string }>("SELECT id::text AS key, name || ' ' || surname AS name FROM audit_agents WHERE name LIKE $1", [like])).rows;
  else {
    const [c, field] = collection[kind]!;
    rows = (await db.query<{ key: string; name: string }>(`SELECT id::text AS key, data->>'${field}' AS name FROM records WHERE collection = $1 AND data->>'${field}' LIKE $2`, [c, like])).rows;
  }
  return rows;
}

const keyOf = (c: Created) => (c.kind === 'subitem' ? `${c.code}:${c.id}` : String(c.id));

/** The API read of one created record: path, and the field that holds its name. */
function readPath(c: Created): [string, string] | undefined {
  switch (c.kind) {
    case 'system':
      return [`/systems/v1/system/id/${c.id}`, 'name'];
    case 'campaign':
      return [`/campaign/v1/campaigns/${c.id}`, 'name'];
    case 'planning':
      return [`/planner/v1/plannings/${c.id}`, 'name'];
    case 'order':
      return [`/order/orders/${c.id}`, 'notes'];
    case 'product':
      return [`/product/v1/estimate/product/${c.id}`, 'name'];
    case 'advertiser':
      return [`/advertiser/v1/getById?id=${c.id}`, 'name'];
    case 'opportunity':
      return [`/opportunity/v1/opportunity/getOpportunityById/${c.id}`, 'name'];
    case 'catalog':
      return [`/catalogue/estimate/catalog/getById/${c.id}`, 'name'];
    case 'estimate':
      return [`/estimate/estimate/${c.id}`, 'name'];
    default:
      return undefined; // sub-items and agents: counted in the database
  }
}

async function readBack(base: string, token: string, created: Created[]): Promise<{ read: number; wrong: string[] }> {
  const client = new Client(base, 8, token);
  const wrong: string[] = [];
  let read = 0;
  const todo = created.filter((c) => c.id && readPath(c));
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const c = todo[next++];
      const [p, field] = readPath(c)!;
      const o = await client.call(p);
      const name = (o.body as Record<string, unknown> | undefined)?.[field];
      if (o.status === 200 && name === c.name) read += 1;
      else wrong.push(`${c.kind} ${c.id}: ${o.status} ${o.error ?? JSON.stringify(name)}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  client.close();
  return { read, wrong };
}

const duplicatesOf = (values: Array<string | number>) => {
  const seen = new Map<string | number, number>();
  for (const v of values) seen.set(v, (seen.get(v) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([v]) => v);
};

async function checkRun(sandbox: SandboxProcess, databaseUrl: string, token: string, result: ConcurrentResult, run: string) {
  const { created } = result;
  const failures = created.filter((c) => c.status < 200 || c.status >= 300);
  const byStatus: Record<string, number> = {};
  for (const c of created) byStatus[c.status] = (byStatus[c.status] ?? 0) + 1;
  figures.creates = { writers: WRITERS, perKind: PER_KIND, requests: created.length, seconds: Number(result.seconds.toFixed(1)), byStatus };
  check(
    'creates-answered',
    failures.length === 0 && created.length === CREATE_KINDS.length * PER_KIND,
    `${created.length - failures.length}/${created.length} creates answered 2xx (${JSON.stringify(byStatus)})` +
      (failures.length ? `; first: ${JSON.stringify(failures.slice(0, 3).map((f) => ({ kind: f.kind, ...f.outcome })))}` : ''),
  );
  const raceProblems = result.races.filter((r) => r.statuses.filter((s) => s >= 200 && s < 300).length !== 1 || r.statuses.some((s) => !(s >= 200 && s < 300) && s !== 409));
  figures.races = result.races;
  check(
    'unique-races',
    raceProblems.length === 0,
    result.races.map((r) => `${r.what}: ${r.statuses.join(',')}`).join('; ') + (raceProblems.length ? ` (expected one 2xx and the rest 409)` : ''),
  );
  const logged = sandbox.errorLines();
  check('sandbox-log', logged.length === 0, `${logged.length} error lines in the sandbox log${logged.length ? `: ${logged.slice(0, 3).join(' | ').slice(0, 600)}` : ''}`);

  const db = await openDb({ dataDir: 'memory', databaseUrl });
  try {
    const problems: string[] = [];
    const perKind: Record<string, { acknowledged: number; stored: number }> = {};
    for (const kind of CREATE_KINDS) {
      const ok = created.filter((c) => c.kind === kind && c.status >= 200 && c.status < 300);
      const rows = await stored(db, kind, `pg-${run}-${kind}-`);
      perKind[kind] = { acknowledged: ok.length, stored: rows.length };
      const storedByKey = new Map(rows.map((r) => [r.key, r]));
      const keys = ok.map(keyOf);
      const dupKeys = duplicatesOf(keys);
      if (dupKeys.length) problems.push(`${kind}: ids given twice ${dupKeys.slice(0, 5).join(', ')}`);
      const missing = ok.filter((c) => !c.id || storedByKey.get(keyOf(c))?.name !== c.name);
      if (missing.length) problems.push(`${kind}: ${missing.length} acknowledged but not stored as answered (${missing.slice(0, 3).map(keyOf).join(', ')})`);
      if (rows.length !== ok.length) problems.push(`${kind}: ${rows.length} stored, ${ok.length} acknowledged`);
      if (kind === 'system') {
        const codes = ok.map((c) => c.code ?? '');
        const dupCodes = duplicatesOf(codes);
        if (dupCodes.length || codes.some((c) => !/^[A-Z]{2}-\d{4,}$/.test(c))) problems.push(`system: codes given twice or malformed ${dupCodes.slice(0, 5).join(', ')}`);
        const wrongCode = ok.filter((c) => storedByKey.get(keyOf(c))?.code !== c.code);
        if (wrongCode.length) problems.push(`system: ${wrongCode.length} stored with another code than answered`);
      }
    }
    // Estimate lines: unique across every estimate of the database, seeded ones included.
    const { rows: lines } = await db.query<{ id: string }>("SELECT l->>'id' AS id FROM records r, jsonb_array_elements(r.data->'lines') l WHERE r.collection = 'estimates'");
    const dupLines = duplicatesOf(lines.map((l) => l.id));
    const answeredLines = created.filter((c) => c.kind === 'estimate' && c.lineIds).flatMap((c) => c.lineIds!);
    if (dupLines.length) problems.push(`estimate lines: ids used twice ${dupLines.slice(0, 5).join(', ')}`);
    if (answeredLines.some((id) => !Number.isInteger(id) || id < 1)) problems.push('estimate lines: an answer without line ids');
    figures.stored = perKind;
    figures.estimateLines = { inDatabase: lines.length, created: answeredLines.length };
    check(
      'ids-unique-and-stored',
      problems.length === 0,
      problems.length ? problems.join('; ') : `${Object.values(perKind).reduce((s, k) => s + k.stored, 0)} creates stored, one each, with the id and name answered; system codes and ${lines.length} estimate line ids unique`,
    );
  } finally {
    await db.close();
  }
  const back = await readBack(sandbox.origin, token, created.filter((c) => c.status >= 200 && c.status < 300));
  figures.readBack = { read: back.read, wrong: back.wrong.length };
  check('readable-through-the-api', back.wrong.length === 0 && back.read > 0, `${back.read} read back with their name, ${back.wrong.length} not${back.wrong.length ? `: ${back.wrong.slice(0, 3).join('; ')}` : ''}`);
}

function writeReport() {
  if (!values.report) return;
  mkdirSync(path.dirname(values.report), { recursive: true });
  const passed = checks.filter((c) => c.ok).length;
  writeFileSync(values.report, `${JSON.stringify({ passed, failed: checks.length - passed, skipped: 0, figures, checks }, null, 2)}\n`);
}

async function main(): Promise<number> {
  const started = Date.now();
  const watchdog = setTimeout(() => {
    check('watchdog', false, `the run did not finish within ${WATCHDOG_MS / 1000} s`);
    writeReport();
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();
  const pg = await startPostgres({ log });
  const sandbox = new SandboxProcess('memory', await freePort(), 'small', { DATABASE_URL: pg.url });
  const run = String(Date.now()).slice(-6);
  try {
    await sandbox.start(STARTUP_MS);
    figures.startSeconds = Number(((Date.now() - started) / 1000).toFixed(1));
    log(`sandbox on ${sandbox.origin} with PostgreSQL (migrations and the small seed) in ${figures.startSeconds} s`);
    const client = new Client(sandbox.origin, 1);
    const token = await signIn(client, 'admin', 'demo');
    client.close();
    log(`${WRITERS} writers: ${PER_KIND} creates of each of ${CREATE_KINDS.length} resources, then ${RACE_SIZE} creates of the same value per race`);
    const result = await concurrentCreates({ base: sandbox.origin, token, concurrency: WRITERS, perKind: PER_KIND, raceSize: RACE_SIZE, run });
    log(`${HOLD_RACE_SIZE} parallel holds of one static face, then of one screen of 6 slots, for overlapping periods`);
    const refs = new Client(sandbox.origin, 1, token);
    const { advertiserId } = await references(refs);
    refs.close();
    const holds = await holdRaces(sandbox.origin, token, run, advertiserId, HOLD_RACE_SIZE);
    figures.holdRaces = holds.map((h) => ({ what: h.what, statuses: h.statuses }));
    for (const h of holds) {
      const count = (status: number) => h.statuses.filter((s) => s === status).length;
      check(
        `hold-race-${h.capacity === 1 ? 'face' : 'screen'}`,
        h.problems.length === 0,
        `${h.what}: ${count(201)} held, ${count(409)} refused with 409 naming the ${h.capacity} holds${h.problems.length ? `; ${h.problems.slice(0, 3).join('; ')}` : ''}`,
      );
    }
    await checkRun(sandbox, pg.url, token, result, run);
  } catch (error) {
    check('run', false, error instanceof Error ? error.message : String(error));
    if (sandbox.stderr.length) console.error(sandbox.stderr.slice(-20).join('\n'));
  } finally {
    const stop = await sandbox.stop('SIGTERM', 20_000);
    if (!stop.inTime || stop.code !== 0) log(`sandbox stop: exit ${stop.code ?? stop.signal}${stop.inTime ? '' : ' (killed)'}`);
    await pg.stop();
    clearTimeout(watchdog);
  }
  figures.totalSeconds = Number(((Date.now() - started) / 1000).toFixed(1));
  writeReport();
  log(`${checks.filter((c) => c.ok).length}/${checks.length} checks passed in ${figures.totalSeconds} s`);
  return checks.every((c) => c.ok) ? 0 : 1;
}

process.exit(await main());
