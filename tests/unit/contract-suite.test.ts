// @vitest-environment node
/* The contract suite, tested: it reports broken handlers of a real (in-memory) sandbox, cleans up
 * what it made, and in read-only or dry-run mode sends no write to a recording server. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { isReply, type Handler, type HandlerResult, type ServiceHandlers } from '../../sandbox/http';
import { internalServices } from '../../sandbox/internal';
import { rng } from '../../sandbox/seed/random';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';
import { SERVICES as SERVICE_LIST } from '../../src/config/services';
import { RunMarker } from '../contract/ledger';
import type { OperationResult, Report } from '../contract/report';
import { runSuite, type SuiteOptions } from '../contract/suite';
import { openMigrated } from './support/smallSeed';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const SERVICES: string[] = [...SERVICE_LIST];
const OPENAPI = path.resolve(__dirname, '..', '..', 'openapi');

function options(origin: string, extra: Partial<SuiteOptions>): SuiteOptions {
  return {
    target: { kind: 'base', origin },
    allServices: SERVICES,
    services: SERVICES,
    openapiDir: OPENAPI,
    username: 'admin',
    password: 'demo',
    client: 'backoffice:backoffice-secret',
    invalid: false,
    timeoutMs: 30_000,
    log: () => undefined,
    ...extra,
  };
}

const byIdOf = (report: Report, operationId: string) => report.operations.find((o) => o.operationId === operationId) as OperationResult;
const byId = (report: Report, operationId: string) => report.operations.find((o) => o.operationId === operationId) as OperationResult;
const failedDetails = (r: OperationResult) => r.checks.filter((c) => c.outcome === 'fail').map((c) => c.detail ?? '');

describe('the suite against a sandbox with broken handlers', () => {
  let db: Db;
  let server: Server;
  let origin: string;
  let broken = false;

  /** The real handler, with its answer spoiled while `broken` is on. */
  function spoil(handler: Handler, how: (answer: HandlerResult) => HandlerResult): Handler {
    return async (ctx) => {
      const value = await handler(ctx);
      if (!broken) return value;
      const answer: HandlerResult = isReply(value) ? { ...value, body: structuredClone(value.body) } : { status: 200, body: structuredClone(value) };
      return Object.assign(how(answer), { __reply: true });
    };
  }
  const firstRecord = (body: unknown): Record<string, unknown> => {
    const list = Array.isArray(body) ? body : ((body as { content?: unknown[] }).content ?? [body]);
    return list[0] as Record<string, unknown>;
  };

  beforeAll(async () => {
    db = await openMigrated();
    await db.transaction(async (tx) => {
      for (const name of ['user', 'mail', 'scheduler'] as const) await SERVICE_MODULES[name].seed?.(tx, { size: 'small', rng: rng(20260301) });
    });
    const mail = HANDLERS.mail;
    const scheduler = HANDLERS.scheduler;
    const handlers: Record<string, ServiceHandlers> = {
      ...HANDLERS,
      scheduler: {
        ...scheduler,
        // A wrong type: `enabled` is a boolean in the document.
        listEvents: spoil(scheduler.listEvents, (a) => {
          firstRecord(a.body).enabled = 'sì';
          return a;
        }),
      },
      mail: {
        ...mail,
        // A required field missing: `sentAt`.
        getMail: spoil(mail.getMail, (a) => {
          delete (a.body as Record<string, unknown>).sentAt;
          return a;
        }),
        // A wrong status: the document declares 201 only.
        sendMail: spoil(mail.sendMail, (a) => ({ ...a, status: 200 })),
      },
    };
    ({ server } = await createSandbox({ db, handlers, services: internalServices, origin: 'http://127.0.0.1:8787' }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await db?.close();
  });

  const run = () => runSuite(options(origin, { services: ['scheduler', 'mail'], marker: new RunMarker() }));

  it('passes them, every success answer checked, while the handlers are sound', async () => {
    broken = false;
    const report = await run();
    expect(report.operations.map((o) => `${o.operationId} ${o.outcome}`).sort()).toEqual(
      ['deleteEvent', 'deleteMail', 'getMail', 'listEvents', 'listMails', 'saveEvent', 'sendMail'].map((id) => `${id} PASS`),
    );
    expect(report.successChecked).toBe(7);
  });

  it('reports each break: a wrong type, a missing required field, a wrong status', async () => {
    broken = true;
    const report = await run();
    expect(byId(report, 'listEvents').outcome).toBe('FAIL');
    expect(failedDetails(byId(report, 'listEvents')).join(' ')).toMatch(/\/0\/enabled must be boolean/);
    expect(byId(report, 'getMail').outcome).toBe('FAIL');
    expect(failedDetails(byId(report, 'getMail')).join(' ')).toMatch(/must have required property 'sentAt'/);
    expect(byId(report, 'sendMail').outcome).toBe('FAIL');
    expect(failedDetails(byId(report, 'sendMail')).join(' ')).toMatch(/status 200 is not declared/);
    for (const id of ['listEvents', 'getMail', 'sendMail']) expect(byId(report, id).successChecked).toBe(false);
    expect(report.failed).toBe(3);
  });

  it('deletes what it made at the end, even when checks failed', async () => {
    broken = true;
    const marker = new RunMarker();
    const report = await runSuite(options(origin, { services: ['scheduler', 'mail'], marker }));
    expect(report.failed).toBeGreaterThan(0);
    expect(report.cleanup?.made).toBeGreaterThan(0);
    expect(report.cleanup?.left).toEqual([]);
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM records WHERE data::text LIKE $1`, [`%${marker.marker}%`]);
    expect(rows[0].n).toBe(0);
  });

  it('stops on a signal after the current operation and still deletes what it made', async () => {
    broken = false;
    const marker = new RunMarker();
    const stop = new AbortController();
    const lines: string[] = [];
    const log = (line: string) => {
      lines.push(line);
      // Stop once the mail has been sent: records of the run exist by then.
      if (line.startsWith('PASS mail POST /mails sendMail')) stop.abort('SIGINT');
    };
    const report = await runSuite(options(origin, { services: ['scheduler', 'mail'], marker, signal: stop.signal, log }));
    expect(lines.some((l) => l.startsWith('Stopped before '))).toBe(true);
    expect(report.operations.length).toBeLessThan(7);
    expect(report.cleanup?.made).toBeGreaterThan(0);
    expect(report.cleanup?.left).toEqual([]);
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM records WHERE data::text LIKE $1`, [`%${marker.marker}%`]);
    expect(rows[0].n).toBe(0);
  });

  it("leaves the signed-in user's theme and avatar as they were, and mails only marker addresses", async () => {
    broken = false;
    const basic = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;
    const token = (await (await fetch(`${origin}/user/oauth/token`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=password&username=admin&password=demo' })).json()) as { access_token: string };
    const bearer = { authorization: `Bearer ${token.access_token}` };
    await fetch(`${origin}/user/user/preference`, { method: 'PUT', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ theme: 'classic' }) });
    const profile = async () => (await (await fetch(`${origin}/user/user/profile`, { headers: bearer })).json()) as { avatarId?: unknown; principal: { preference?: { theme?: string } } };
    const before = await profile();
    expect(before.principal.preference?.theme).toBe('classic');
    const mailIds = async () => (await db.query<{ id: string }>(`SELECT id::text AS id FROM records WHERE collection = 'mails'`)).rows.map((r) => r.id);
    const earlier = new Set(await mailIds());
    const report = await runSuite(options(origin, { services: ['user'], marker: new RunMarker() }));
    // The run did change a theme and upload avatars: as users it made.
    expect(byId(report, 'updatePreference').successChecked).toBe(true);
    expect(byId(report, 'uploadAvatar').successChecked).toBe(true);
    const after = await profile();
    expect(after.principal.preference?.theme).toBe('classic');
    expect(after.avatarId).toEqual(before.avatarId);
    // The reset and sign-up mails the run caused went to marker addresses only.
    const { rows } = await db.query<{ id: string; to: string }>(`SELECT id::text AS id, data->>'to' AS to FROM records WHERE collection = 'mails'`);
    const sent = rows.filter((r) => !earlier.has(r.id)).map((r) => r.to);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((to) => !to.endsWith('@contract-test.invalid'))).toEqual([]);
  });
});

describe('the suite against a recording server', () => {
  let server: Server;
  let origin: string;
  const seen: Array<{ method: string; url: string }> = [];
  const bodies: string[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '' });
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('latin1'));
        res.setHeader('content-type', 'application/json');
        if (req.method === 'POST' && req.url?.endsWith('/oauth/token')) res.end(JSON.stringify({ access_token: 'registrato', token_type: 'bearer', expires_in: 3600 }));
        else res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('--read-only sends the sign-in and GET requests only, over every document', async () => {
    seen.length = 0;
    const report = await runSuite(options(origin, { mode: 'read-only', invalid: true }));
    const writes = seen.filter((r) => r.method !== 'GET');
    expect(writes).toEqual([{ method: 'POST', url: '/user/oauth/token' }]);
    expect(seen.filter((r) => r.method === 'GET').length).toBeGreaterThan(100);
    const notSent = report.operations.filter((o) => o.method !== 'get');
    expect(notSent.length).toBeGreaterThan(0);
    for (const o of notSent) expect(o).toMatchObject({ outcome: 'SKIP', successChecked: false });
    expect(report.cleanup).toBeUndefined();
  });

  it('--dry-run lists the requests and sends none', async () => {
    seen.length = 0;
    const lines: string[] = [];
    const report = await runSuite(options(origin, { dryRun: true, invalid: true, services: ['advertiser'], log: (line) => lines.push(line) }));
    expect(seen).toEqual([]);
    expect(lines).toContain(`  would send POST ${origin}/user/oauth/token (sign-in as admin)`);
    expect(lines.some((l) => l.startsWith(`  would send DELETE ${origin}/advertiser/v1/delete?id=`))).toBe(true);
    expect(report.operations.every((o) => o.outcome === 'SKIP')).toBe(true);
    // The records a write run would make, listed (the advertiser its creates and deletes need, its image…).
    expect(report.wouldCreate?.map((r) => r.resource)).toEqual(expect.arrayContaining(['advertiser', 'advertiserImage']));
    expect(report.wouldCreate?.find((r) => r.for === 'advertiser.deleteAdvertiser')).toMatchObject({ resource: 'advertiser', by: 'advertiser.createAdvertiser' });
    expect(lines).toContain('  would create advertiser (advertiser.createAdvertiser, its valid request)');
    expect(lines.find((l) => l.startsWith('Records a write run would create'))).toMatch(new RegExp(`: ${report.wouldCreate?.length} — .*advertiser ×\\d+`));
    // The example addresses are shown as the marker addresses the run would send.
    expect(lines.join('\n')).not.toMatch(/@(?!contract-test\.invalid)[a-z0-9.-]+\.(it|com)\b/);
  });

  it('sends every e-mail address as a marker address on a reserved domain, whatever the example says', async () => {
    seen.length = 0;
    bodies.length = 0;
    await runSuite(options(origin, { services: ['mail'], invalid: true }));
    const addresses = bodies.flatMap((b) => b.match(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g) ?? []);
    // sendMail's example mails a municipality's press office: rewritten, like every other. How many
    // requests carry an address depends on how far the run gets on a loaded machine; at least one does.
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter((a) => !a.endsWith('@contract-test.invalid'))).toEqual([]);
    expect(bodies.join('\n')).not.toContain('comune.milano.it');
  });

  it('sends the lead sync only to a throw-away target', async () => {
    seen.length = 0;
    const report = await runSuite(options(origin, { services: ['audit'] }));
    expect(byIdOf(report, 'syncLeads')).toMatchObject({ outcome: 'SKIP', reason: expect.stringMatching(/--disposable/) });
    expect(seen.some((r) => r.url.includes('/detection/syncLeads'))).toBe(false);
    const disposable = await runSuite(options(origin, { services: ['audit'], disposable: true }));
    expect(byIdOf(disposable, 'syncLeads').reason).not.toMatch(/--disposable/);
    expect(seen.some((r) => r.url.includes('/detection/syncLeads'))).toBe(true);
  });
});
