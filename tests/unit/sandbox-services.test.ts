// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { PLACES } from '../../sandbox/seed/geodata';
import { rng } from '../../sandbox/seed/random';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';
import { geocodeAddress, seededMunicipalities } from '../../sandbox/shared/geo';
import { moveClock, nextCronRun, parseCron, startScheduler } from '../../sandbox/services/scheduler';
import { advanceClock, clock, onClockMove, resetClock } from '../../sandbox/clock';
import { insertRecord, updateRecord } from '../../sandbox/store';
import { openMigrated } from './support/smallSeed';

/* Share, mail, geo, scheduler, history and companies end to end on an in-memory sandbox. */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;
const ORIGIN = 'http://127.0.0.1:8787';

let db: Db;
let server: Server;
let base: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  db = await openMigrated();
  // The seeds this file needs (the full seed also loads every other service's data, which takes minutes).
  await db.transaction(async (tx) => {
    for (const name of ['user', 'companies', 'geo', 'mail', 'scheduler'] as const) await SERVICE_MODULES[name].seed?.(tx, { size: 'small', rng: rng(20260301) });
  });
  ({ server } = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: ORIGIN }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const username of ['admin', 'sales', 'planner', 'designer', 'mediamonitor']) {
    const res = await fetch(`${base}/user/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
      body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }).toString(),
    });
    tokens[username] = (await res.json()).access_token;
  }
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

describe('share', () => {
  let campaignId: number;
  beforeAll(async () => {
    campaignId = (await insertRecord(db, 'campaigns', { name: 'Campagna primavera Milano', status: 'active' })).id;
  });

  it('creates a link, lets a visitor in as a guest for that resource only, and mails the link', async () => {
    const created = await call('POST', '/share/v1/share/create', tokens.sales, { resourceType: 'campaign', resourceId: campaignId });
    expect(created.status).toBe(201);
    const share = created.body;
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(share).toMatchObject({ resourceType: 'campaign', resourceId: campaignId, createdBy: 'sales', expiresAt: null });
    expect(share.viewPath).toBe(`/resource/campaign/${campaignId}/token/${share.token}/view`);

    // Its links are listed to its creator and the admin; a role that may not read campaigns gets 403.
    const listed = await call('GET', `/share/v1/share/byResource?${q({ resourceType: 'campaign', resourceId: campaignId })}`, tokens.sales);
    expect(listed.body.map((s: { id: number }) => s.id)).toContain(share.id);
    const listedToAdmin = await call('GET', `/share/v1/share/byResource?${q({ resourceType: 'campaign', resourceId: campaignId })}`, tokens.admin);
    expect(listedToAdmin.body.map((s: { id: number }) => s.id)).toContain(share.id);
    expect((await call('GET', `/share/v1/share/byResource?${q({ resourceType: 'campaign', resourceId: campaignId })}`, tokens.planner)).status).toBe(403);

    // The visitor: no authorization header at all.
    const auth = await fetch(`${base}/share/v1/token/auth?${q({ resourceType: 'campaign', resourceId: campaignId, token: share.token })}`, { method: 'POST' });
    expect(auth.status).toBe(200);
    expect(auth.headers.get('cache-control')).toBe('no-store');
    const guest = await auth.json();
    expect(guest).toMatchObject({ token_type: 'bearer', resourceType: 'campaign', resourceId: campaignId });
    expect(Date.parse(guest.expiresAt)).toBeGreaterThan(Date.now());

    const resource = await call('GET', `/share/v1/token/resource?${q({ resourceType: 'campaign', resourceId: campaignId })}`, guest.access_token);
    expect(resource.status).toBe(200);
    expect(resource.body).toMatchObject({ resourceType: 'campaign', resourceId: campaignId, title: 'Campagna «Campagna primavera Milano»', sharedBy: 'sales' });
    expect(resource.body.data).toMatchObject({ id: campaignId, name: 'Campagna primavera Milano' });

    const profile = await call('GET', '/user/user/profile', guest.access_token);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ principal: { username: 'guest' }, authorities: [{ authority: 'ROLE_GUEST' }] });
    expect(profile.body).not.toHaveProperty('email');

    // Anything else is refused to the guest token.
    expect((await call('GET', `/share/v1/token/resource?${q({ resourceType: 'campaign', resourceId: campaignId + 1 })}`, guest.access_token)).status).toBe(403);
    expect((await call('GET', `/share/v1/token/resource?${q({ resourceType: 'estimate', resourceId: campaignId })}`, guest.access_token)).status).toBe(403);
    expect((await call('POST', '/share/v1/share/create', guest.access_token, { resourceType: 'campaign', resourceId: campaignId })).status).toBe(403);
    expect((await call('GET', '/mail/v1/mails', guest.access_token)).status).toBe(403);
    expect((await call('GET', '/user/user/getAllRole', guest.access_token)).status).toBe(403);
    expect((await call('GET', '/geo/v1/georegistry/getRegions', guest.access_token)).status).toBe(403);

    // Staff whose role reads campaigns read the resource too; others get 403.
    expect((await call('GET', `/share/v1/token/resource?${q({ resourceType: 'campaign', resourceId: campaignId })}`, tokens.designer)).status).toBe(200);
    expect((await call('GET', `/share/v1/token/resource?${q({ resourceType: 'campaign', resourceId: campaignId })}`, tokens.planner)).status).toBe(403);

    // Mail the link: it lands in the outbox, seen by its sender and the admin, not by others.
    const sent = await call('POST', `/share/v1/share/sendLink?id=${share.id}`, tokens.sales, { to: 'mario.bianchi@birrificiolombardo.it', message: 'Buongiorno, ecco la campagna.' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ shareId: share.id, to: 'mario.bianchi@birrificiolombardo.it', mailId: expect.any(Number) });
    const outbox = await fetch(`${base}/mail/v1/mails?${q({ filter: JSON.stringify({ kind: 'share-link' }), range: '[0,9]' })}`, { headers: { Authorization: `Bearer ${tokens.sales}` } });
    expect(outbox.status).toBe(200);
    expect(outbox.headers.get('content-range')).toMatch(/^mails 0-0\/1$/);
    const [mail] = await outbox.json();
    expect(mail).toMatchObject({
      id: sent.body.mailId,
      to: 'mario.bianchi@birrificiolombardo.it',
      kind: 'share-link',
      sentBy: 'sales',
      relatedResource: { resourceType: 'campaign', resourceId: campaignId },
    });
    // The link's token is the recipient's: the outbox, even its sender's, shows it hidden.
    expect(mail.body).toContain(`http://127.0.0.1:5173/resource/campaign/${campaignId}/token/[riservato]/view`);
    expect(mail.body).not.toContain(share.token);
    expect(mail.body).toContain('Buongiorno, ecco la campagna.');
    expect((await call('GET', `/mail/v1/mails/${mail.id}`, tokens.admin)).status).toBe(200);
    expect((await call('GET', `/mail/v1/mails/${mail.id}`, tokens.planner)).status).toBe(404);
    const plannersView = await call('GET', `/mail/v1/mails?${q({ filter: JSON.stringify({ kind: 'share-link' }) })}`, tokens.planner);
    expect(plannersView.body).toEqual([]);
    expect(plannersView.headers.get('content-range')).toBe('mails */0');

    // Regenerating the token: the old link and the guest access it gave stop working.
    const regenerated = await call('POST', `/share/v1/share/update?id=${share.id}`, tokens.sales, { regenerateToken: true });
    expect(regenerated.body.token).not.toBe(share.token);
    expect((await call('GET', `/share/v1/token/resource?${q({ resourceType: 'campaign', resourceId: campaignId })}`, guest.access_token)).status).toBe(401);
    expect((await fetch(`${base}/share/v1/token/auth?${q({ resourceType: 'campaign', resourceId: campaignId, token: share.token })}`, { method: 'POST' })).status).toBe(404);
  });

  it('answers 404 / 401 / 422 as the document says', async () => {
    const { body: share } = await call('POST', '/share/v1/share/create', tokens.sales, { resourceType: 'campaign', resourceId: campaignId });
    const auth = (params: Record<string, string | number>) => fetch(`${base}/share/v1/token/auth?${q(params)}`, { method: 'POST' });
    expect((await auth({ resourceType: 'campaign', resourceId: campaignId, token: 'AAAAAAAAAAAAAAAAAAAAAAAA' })).status).toBe(404);
    const other = await auth({ resourceType: 'campaign', resourceId: campaignId + 1, token: share.token });
    expect(other.status).toBe(401);
    expect((await other.json()).message).toBe('Token non valido per questa risorsa');
    expect((await auth({ resourceType: 'campaign', resourceId: campaignId, token: 'corto' })).status).toBe(400);

    const past = await call('POST', '/share/v1/share/create', tokens.sales, { resourceType: 'campaign', resourceId: campaignId, expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.body.errors[0].path).toBe('/body/expiresAt');
    expect((await call('POST', '/share/v1/share/create', tokens.sales, { resourceType: 'campaign', resourceId: 999999 })).status).toBe(404);

    const later = new Date(Date.now() + 3_600_000).toISOString();
    const updated = await call('POST', `/share/v1/share/update?id=${share.id}`, tokens.sales, { expiresAt: later });
    expect(updated.body.expiresAt).toBe(later);
    // The share expires (in the database, as time would do it).
    await updateRecord(db, 'shares', share.id, { expiresAt: '2021-01-01T00:00:00.000Z' });
    const expired = await auth({ resourceType: 'campaign', resourceId: campaignId, token: share.token });
    expect(expired.status).toBe(422);
    expect((await expired.json()).message).toBe('Il link di condivisione è scaduto');
    expect((await call('POST', `/share/v1/share/sendLink?id=${share.id}`, tokens.sales, { to: 'a@example.it' })).status).toBe(422);

    const deleted = await call('DELETE', `/share/v1/share/delete?id=${share.id}`, tokens.sales);
    expect(deleted.status).toBe(200);
    expect((await call('DELETE', `/share/v1/share/delete?id=${share.id}`, tokens.sales)).status).toBe(404);
    expect((await call('POST', `/share/v1/share/update?id=${share.id}`, tokens.sales, { regenerateToken: true })).status).toBe(404);
  });
});

describe('mail', () => {
  it('sends, lists with Content-Range, filters and deletes (admin and manager only)', async () => {
    const mail = { to: 'ufficio@comune.milano.it', subject: 'Report marzo', body: 'In allegato il report.' };
    // The flows that mail (share links, detections to an agent, sign-up, password reset) send
    // in-process; POST /mails is not a way for every role to write arbitrary mails.
    for (const role of ['planner', 'sales', 'designer', 'mediamonitor'] as const) {
      expect((await call('POST', '/mail/v1/mails', tokens[role], mail)).status, role).toBe(403);
    }
    const sent = await call('POST', '/mail/v1/mails', tokens.admin, mail);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ kind: 'generic', sentBy: 'admin', relatedResource: null });
    const res = await fetch(`${base}/mail/v1/mails?${q({ sort: '["sentAt","DESC"]', range: '[0,0]' })}`, { headers: { Authorization: `Bearer ${tokens.admin}` } });
    const total = Number(res.headers.get('content-range')!.split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect((await res.json())[0].id).toBe(sent.body.id);
    const found = await call('GET', `/mail/v1/mails?${q({ filter: JSON.stringify({ q: 'report marzo' }) })}`, tokens.admin);
    expect(found.body.map((m: { id: number }) => m.id)).toEqual([sent.body.id]);
    const notTheirs = await call('GET', `/mail/v1/mails?${q({ filter: JSON.stringify({ q: 'report marzo' }) })}`, tokens.planner);
    expect(notTheirs.body).toEqual([]);
    expect((await call('GET', `/mail/v1/mails?${q({ filter: JSON.stringify({ nope: 1 }) })}`, tokens.admin)).status).toBe(400);
    expect((await call('GET', `/mail/v1/mails?${q({ range: '[5,2]' })}`, tokens.admin)).status).toBe(400);
    expect((await call('DELETE', `/mail/v1/mails/${sent.body.id}`, tokens.planner)).status).toBe(403);
    expect((await call('DELETE', `/mail/v1/mails/${sent.body.id}`, tokens.admin)).body.id).toBe(sent.body.id);
    expect((await call('GET', `/mail/v1/mails/${sent.body.id}`, tokens.admin)).status).toBe(404);
  });
});

describe('geo', () => {
  it('answers the cascade region → provinces → municipalities → zip codes for Milano (015146)', async () => {
    const regions = await call('GET', '/geo/v1/georegistry/getRegions', tokens.sales);
    expect(regions.body).toHaveLength(20);
    expect(regions.body).toContainEqual({ code: '03', name: 'Lombardia' });
    const provinces = await call('GET', '/geo/v1/georegistry/getProvinceByRegion?region=lombardia', tokens.sales);
    expect(provinces.body).toHaveLength(12);
    expect(provinces.body).toContainEqual({ code: 'MI', name: 'Milano', region: 'Lombardia' });
    expect((await call('GET', '/geo/v1/georegistry/getProvinceByRegion?region=03', tokens.sales)).body).toEqual(provinces.body);
    const municipalities = await call('GET', '/geo/v1/georegistry/getMunicipalityByProvince?province=MI', tokens.sales);
    expect(municipalities.body.length).toBeGreaterThan(100);
    expect(municipalities.body).toContainEqual({ istatCode: '015146', name: 'Milano', province: 'MI', latitude: 45.4642, longitude: 9.19 });
    const zips = await call('GET', '/geo/v1/georegistry/getZipCodeByMunicipalityIstatCode?municipalityIstatCode=015146', tokens.sales);
    expect(zips.body).toHaveLength(42);
    expect(zips.body[0]).toBe('20121');
    expect(zips.body).toContain('20123');

    expect((await call('GET', '/geo/v1/georegistry/getProvinceByRegion?region=Atlantide', tokens.sales)).status).toBe(404);
    expect((await call('GET', '/geo/v1/georegistry/getMunicipalityByProvince?province=ZZ', tokens.sales)).status).toBe(404);
    expect((await call('GET', '/geo/v1/georegistry/getZipCodeByMunicipalityIstatCode?municipalityIstatCode=999999', tokens.sales)).status).toBe(404);
    const invalid = await call('GET', '/geo/v1/georegistry/getZipCodeByMunicipalityIstatCode?municipalityIstatCode=15146', tokens.sales);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.length).toBeGreaterThan(0);
  });

  it('geocodes an address to the municipality it names', async () => {
    const location = await call('GET', `/geo/v1/georegistry/getLocationByAddress?${q({ address: 'Via Torino 12, 20123 Milano MI' })}`, tokens.sales);
    expect(location.status).toBe(200);
    expect(location.body).toMatchObject({ region: 'Lombardia', regionCode: '03', province: 'Milano', provinceCode: 'MI', municipality: 'Milano', istatCode: '015146', zipCode: '20123' });
    expect(Math.abs(location.body.latitude - 45.4642)).toBeLessThan(0.01);
    expect(Math.abs(location.body.longitude - 9.19)).toBeLessThan(0.01);
    const again = await call('GET', `/geo/v1/georegistry/getLatLongByAddress?${q({ address: 'Via Torino 12, 20123 Milano MI' })}`, tokens.sales);
    expect(again.body).toMatchObject({ latitude: location.body.latitude, longitude: location.body.longitude });

    const accents = await call('GET', `/geo/v1/georegistry/getLocationByAddress?${q({ address: 'corso garibaldi 3, FORLI' })}`, tokens.sales);
    expect(accents.body).toMatchObject({ municipality: 'Forlì', provinceCode: 'FC' });
    const town = await call('GET', `/geo/v1/georegistry/getLocationByAddress?${q({ address: 'Via Roma 1, Agliè' })}`, tokens.sales);
    expect(town.body).toMatchObject({ municipality: 'Agliè', provinceCode: 'TO', approximate: true });
    expect((await call('GET', `/geo/v1/georegistry/getLatLongByAddress?${q({ address: 'Strada senza nome, Atlantide' })}`, tokens.sales)).status).toBe(404);
    expect((await geocodeAddress(db, 'Piazza Duomo, Sesto San Giovanni'))?.entry.name).toBe('Sesto San Giovanni');
  });

  it('has coordinates and zip codes for every place of the maintained table, every provincial capital among them', async () => {
    const places = await seededMunicipalities(db);
    expect(places).toHaveLength(PLACES.length);
    const provinces = (await db.query<{ code: string }>('SELECT code FROM geo_provinces')).rows.map((r) => r.code);
    expect(provinces).toHaveLength(107);
    for (const province of provinces) expect(places.some((p) => p.province === province && p.capital), province).toBe(true);
  });
});

describe('scheduler', () => {
  it('stores an event with the authentication URL added, lists, refuses duplicates and deletes', async () => {
    const input = { name: 'Report settimanale', cronExpression: '0 0 8 * * MON-FRI', callback: { url: 'http://127.0.0.1:8787/audit/v1/detection/all', method: 'GET' } };
    const saved = await call('POST', '/scheduler/v1/eventScheduler/save', tokens.planner, input);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: input.name, timezone: 'Europe/Rome', enabled: true, runAt: null, createdBy: 'planner', lastRunAt: null });
    expect(saved.body.callback).toEqual({ ...input.callback, authenticationUrl: `${ORIGIN}/user/oauth/token` });
    const next = new Date(saved.body.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    const rome = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(next);
    expect(rome).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 08:00$/);

    const own = await call('POST', '/scheduler/v1/eventScheduler/save', tokens.planner, {
      name: 'Avvio campagna', runAt: '2030-04-01T06:00:00Z', callback: { url: 'http://127.0.0.1:8787/campaign/v1/campaigns/1', method: 'PUT', authenticationUrl: 'https://auth.example.it/oauth/token' },
    });
    expect(own.body.callback.authenticationUrl).toBe('https://auth.example.it/oauth/token');
    expect(own.body.nextRunAt).toBe('2030-04-01T06:00:00.000Z');

    expect((await call('POST', '/scheduler/v1/eventScheduler/save', tokens.admin, { ...input, name: 'report SETTIMANALE' })).status).toBe(409);
    expect((await call('POST', '/scheduler/v1/eventScheduler/save', tokens.admin, { ...input, id: 99999 })).status).toBe(404);
    expect((await call('POST', '/scheduler/v1/eventScheduler/save', tokens.admin, { ...input, name: 'Doppio', runAt: '2030-01-01T00:00:00Z' })).status).toBe(400);
    expect((await call('POST', '/scheduler/v1/eventScheduler/save', tokens.admin, { ...input, name: 'Cattivo', cronExpression: '0 0 25 * * *' })).status).toBe(400);

    const replaced = await call('POST', '/scheduler/v1/eventScheduler/save', tokens.admin, { ...input, id: saved.body.id, enabled: false });
    expect(replaced.body).toMatchObject({ id: saved.body.id, enabled: false, nextRunAt: null, createdBy: 'planner' });

    // The scheduled sends are the media monitor's and the planner's (openapi/CONVENTIONS.md); sales may not schedule.
    expect((await call('GET', '/scheduler/v1/eventScheduler/all', tokens.sales)).status).toBe(403);
    expect((await call('GET', '/scheduler/v1/eventScheduler/all', tokens.mediamonitor)).status).toBe(200);
    const list = await call('GET', '/scheduler/v1/eventScheduler/all', tokens.admin);
    const names = list.body.map((e: { name: string }) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Report settimanale', 'Avvio campagna', 'Report rilevazioni giornaliero']));
    expect(names.indexOf('Report settimanale')).toBe(names.length - 1); // disabled: no next run, last

    expect((await call('DELETE', `/scheduler/v1/eventScheduler/delete?id=${own.body.id}`, tokens.planner)).body.name).toBe('Avvio campagna');
    expect((await call('DELETE', `/scheduler/v1/eventScheduler/delete?id=${own.body.id}`, tokens.planner)).status).toBe(404);
  });

  it('runs each callback when the clock reaches it, as its author; a refused run is mailed to the author', async () => {
    const runner = startScheduler({ db, services: internalServices, origin: base, intervalMs: 3_600_000 });
    try {
      const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
      const mail = { to: 'report.schedulato@esempio.it', subject: 'Report programmato', body: 'Il report della settimana.' };
      const ok = await call('POST', '/scheduler/v1/eventScheduler/save', tokens.admin, {
        name: 'Mail programmata', runAt: at, callback: { url: `${base}/mail/v1/mails`, method: 'POST', body: mail },
      });
      // The media monitor may not send a mail of its own: the run fails, and the outbox says so.
      const refused = await call('POST', '/scheduler/v1/eventScheduler/save', tokens.mediamonitor, {
        name: 'Mail non permessa', cronExpression: '0 0 9 * * *', callback: { url: `${base}/mail/v1/mails`, method: 'POST', body: mail },
      });
      const outbox = async () => (await call('GET', `/mail/v1/mails?${q({ range: '[0,999]' })}`, tokens.admin)).body as Array<{ to: string; subject: string; sentBy: string }>;
      const before = await outbox();
      await runner.runDue();
      expect(await outbox()).toHaveLength(before.length);

      // Three days later the events run; the clock then comes back, so that the sessions still hold.
      await advanceClock(3 * 86_400_000);
      await advanceClock(-3 * 86_400_000);
      const after = await outbox();
      expect(after.filter((m) => m.subject === 'Report programmato')).toEqual([expect.objectContaining({ to: mail.to, sentBy: 'admin' })]);
      expect(after.filter((m) => m.subject === 'Invio programmato non riuscito: Mail non permessa')).toHaveLength(1);
      const events = (await call('GET', '/scheduler/v1/eventScheduler/all', tokens.admin)).body as Array<{ id: number; lastRunResult: { ok: boolean; status: number } | null }>;
      expect(events.find((e) => e.id === ok.body.id)?.lastRunResult).toMatchObject({ ok: true, status: 201 });
      expect(events.find((e) => e.id === refused.body.id)?.lastRunResult).toMatchObject({ ok: false, status: 403 });

      // The same moment does not run twice.
      await runner.runDue();
      expect(await outbox()).toHaveLength(after.length);
    } finally {
      runner.stop();
      await resetClock();
    }
  });

  it('runs the events due by a later instant without moving the clock (back=1): other callers keep the sandbox time', async () => {
    const runner = startScheduler({ db, services: internalServices, origin: base, intervalMs: 3_600_000 });
    const moves: string[] = [];
    const stopWatching = onClockMove(() => {
      moves.push(clock.now().toISOString());
    });
    try {
      const mail = { to: 'report.anticipato@esempio.it', subject: 'Report anticipato', body: 'Il report, prima del tempo.' };
      await call('POST', '/scheduler/v1/eventScheduler/save', tokens.admin, {
        name: 'Mail anticipata', runAt: new Date(Date.now() + 2 * 86_400_000).toISOString(), callback: { url: `${base}/mail/v1/mails`, method: 'POST', body: mail },
      });
      const before = Date.now();
      const answer = await moveClock(runner)(db, new URLSearchParams({ advanceSeconds: String(3 * 86_400), back: '1' }));
      expect(Date.parse(answer.now)).toBeGreaterThanOrEqual(before + 3 * 86_400_000);
      expect(moves).toEqual([]);
      expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
      const outbox = (await call('GET', `/mail/v1/mails?${q({ range: '[0,999]' })}`, tokens.admin)).body as Array<{ subject: string }>;
      expect(outbox.filter((m) => m.subject === 'Report anticipato')).toHaveLength(1);
    } finally {
      stopWatching();
      runner.stop();
      await resetClock();
    }
  });

  it('computes the next run of a Spring cron expression in its time zone', () => {
    const after = Date.parse('2026-03-27T12:00:00Z'); // a Friday; Rome moves to summer time on Sunday 29
    expect(nextCronRun(parseCron('0 0 8 * * MON-FRI'), 'Europe/Rome', after)?.toISOString()).toBe('2026-03-30T06:00:00.000Z');
    expect(nextCronRun(parseCron('0 */15 * * * *'), 'UTC', after)?.toISOString()).toBe('2026-03-27T12:15:00.000Z');
    expect(nextCronRun(parseCron('30 0 0 1 JAN ?'), 'UTC', after)?.toISOString()).toBe('2027-01-01T00:00:30.000Z');
    expect(nextCronRun(parseCron('0 0 0 30 2 *'), 'UTC', after)).toBeNull();
  });
});

describe('history and companies', () => {
  it('lists a record history newest first, with 404 only for a record that never existed', async () => {
    await insertRecord(db, 'campaigns', { name: 'Campagna autunno Roma', status: 'draft' });
    await internalServices.recordHistory(db, { entityType: 'campaign', entityId: 31, action: 'create', username: 'sales' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await internalServices.recordHistory(db, { entityType: 'campaign', entityId: 31, action: 'update', username: 'salesleader', changes: { endDate: { oldValue: '2026-04-15', newValue: '2026-04-30' } } });
    await internalServices.recordHistory(db, { entityType: 'advertiserUser', entityId: 18, action: 'attach', username: 'salesleader', changes: [{ field: 'salesId', oldValue: 5, newValue: 6 }] });
    const history = await call('GET', '/history/v1/history/idCampaign/31', tokens.sales);
    expect(history.status).toBe(200);
    expect(history.body.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(history.body[0]).toMatchObject({ entityType: 'campaign', entityId: 31, username: 'salesleader', changes: [{ field: 'endDate', oldValue: '2026-04-15', newValue: '2026-04-30' }] });
    expect(history.body[1].changes).toEqual([]);
    // A reference to a person comes with their full name, as every history screen shows it.
    const named = (await db.query<{ id: string; name: string }>(`SELECT id, data->>'name' || ' ' || (data->>'surname') AS name FROM users WHERE id IN (5, 6) ORDER BY id`)).rows;
    expect((await call('GET', '/history/v1/history/users/idAdvertiser/18', tokens.sales)).body[0].changes).toEqual([
      { field: 'salesId', oldValue: 5, newValue: 6, oldText: named[0].name, newText: named[1].name },
    ]);
    expect(history.body[0].userFullName).toMatch(/^\S+ \S+/);
    expect(history.body[0].userFullName).not.toBe('salesleader');
    expect((await call('GET', '/history/v1/history/idAdvertiser/18', tokens.sales)).body).toEqual([]);
    // The campaigns collection has records: one that never existed is a 404.
    expect((await call('GET', '/history/v1/history/idCampaign/987654', tokens.sales)).status).toBe(404);
    expect((await call('GET', '/history/v1/history/idCampaign/0', tokens.sales)).status).toBe(400);
  });

  it('lists the companies by name', async () => {
    const companies = await call('GET', '/companies/company/v1/company/getAll', tokens.planner);
    expect(companies.status).toBe(200);
    const names = companies.body.map((c: { name: string }) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(5);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'it')));
    expect((await call('GET', '/companies/company/v1/company/getAll')).status).toBe(401);
  });
});

describe('campaign member candidates', () => {
  it('lists the enabled staff by surname for the sales roles (never a guest), filtered by q; other roles get 403', async () => {
    const all = await call('GET', '/campaign/v1/campaignMemberCandidates', tokens.sales);
    expect(all.status).toBe(200);
    const usernames = all.body.map((c: { username: string }) => c.username);
    expect(usernames).toEqual(expect.arrayContaining(['admin', 'sales', 'salesleader', 'designer', 'planner', 'mediamonitor']));
    expect(usernames).not.toContain('guest');
    const surnames = all.body.map((c: { surname: string }) => c.surname);
    expect(surnames).toEqual([...surnames].sort((a: string, b: string) => a.localeCompare(b, 'it')));
    const designer = all.body.find((c: { username: string }) => c.username === 'designer');
    expect(designer).toMatchObject({ role: 'ROLE_DESIGNER' });
    expect(designer.name.length).toBeGreaterThan(0);
    const found = await call('GET', `/campaign/v1/campaignMemberCandidates?${q({ q: designer.surname.toUpperCase() })}`, tokens.admin);
    expect(found.body.map((c: { username: string }) => c.username)).toContain('designer');
    expect(found.body.every((c: { username: string; name: string; surname: string }) => [c.username, c.name, c.surname].some((v) => v.toLowerCase().includes(designer.surname.toLowerCase())))).toBe(true);
    for (const username of ['designer', 'planner', 'mediamonitor']) expect((await call('GET', '/campaign/v1/campaignMemberCandidates', tokens[username])).status).toBe(403);
  });
});
