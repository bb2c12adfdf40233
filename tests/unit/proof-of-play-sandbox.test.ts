// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { rng } from '../../sandbox/seed/random';
import { planScreenPlays } from '../../sandbox/seed/playLogs';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS, SERVICE_MODULES } from '../../sandbox/services';
import { playsPerSlot, todayInItaly } from '../../sandbox/shared/proofOfPlay';
import { addDays } from '../../sandbox/shared/reservations';
import { insertRecord } from '../../sandbox/store';
import { openMigrated } from './support/smallSeed';

/*
 * A DOOH campaign's proof of play: the plays its booked slots contract a day (one per loop while
 * the player's screen is on), the plays the logs record on the system's players per Italian day,
 * the days that fall short, and the reason when the campaign books no screen.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;
const USERS = ['admin', 'sales', 'mediamonitor', 'designer'] as const;
type User = (typeof USERS)[number];
const tokens = {} as Record<User, string>;
let db: Db;
let server: Server;
let base: string;
const today = todayInItaly();
const day = (offset: number) => addDays(today, offset);
const ids = { booked: 0, staticOnly: 0, unplanned: 0, other: 0, device: 0, otherDevice: 0, screen: 0 };

/** An instant given in Italian time (winter or summer), as UTC. */
function italian(dayIso: string, hhmm: string): string {
  for (const offset of [1, 2]) {
    const at = new Date(Date.parse(`${dayIso}T${hhmm}:00Z`) - offset * 3_600_000);
    const back = at.toLocaleString('sv-SE', { timeZone: 'Europe/Rome' }).slice(0, 16);
    if (back === `${dayIso} ${hhmm}`) return at.toISOString();
  }
  throw new Error(`no such Italian time ${dayIso} ${hhmm}`);
}

async function plays(campaignId: number, deviceId: number, at: string[], audience = 10) {
  await db.query(
    `INSERT INTO play_logs (device_id, campaign_id, creative_id, played_at, duration_seconds, audience)
     SELECT $1, $2, 1, t, 10, $4 FROM unnest($3::timestamptz[]) t`,
    [deviceId, campaignId, at, audience],
  );
}

/** `n` plays half a minute apart from 08:00 Italian time of the day. */
const spread = (dayIso: string, n: number) =>
  Array.from({ length: n }, (_, k) => new Date(Date.parse(italian(dayIso, '08:00')) + k * 30_000).toISOString());

async function newSystem(id: number, type: 'DOOH' | 'OOH') {
  await db.query(
    `INSERT INTO systems (id, code, name, type, system_type, address, region, province, municipality_istat, municipality_name, latitude, longitude)
     VALUES ($1, $2, $3, $4, $5, 'Via Torino 12', 'Lombardia', 'MI', '015146', 'Milano', 45.46, 9.18)`,
    [id, `MI-${id}`, `Totem Duomo ${id}`, type, type === 'DOOH' ? 'totem' : 'poster'],
  );
}

async function confirmedPlanning(campaignId: number, items: Array<{ frameId: number; from: number; to: number }>) {
  const planning = await insertRecord(db, 'plannings', { name: `Pianificazione ${campaignId}`, campaignId, periodStart: day(-5), periodEnd: day(5), status: 'confirmed' });
  for (const i of items) await insertRecord(db, 'planningItems', { planningId: planning.id, frameId: i.frameId, periodStart: day(i.from), periodEnd: day(i.to), price: 100 });
}

beforeAll(async () => {
  db = await openMigrated();
  await SERVICE_MODULES.user.seed?.(db, { size: 'small', rng: rng(20261127) });
  const advertiser = (await insertRecord(db, 'advertisers', { name: 'Caffè Roma', businessArea: 'Alimentari' })).id;
  const campaign = async (name: string) =>
    (await insertRecord(db, 'campaigns', { name, advertiserId: advertiser, orderId: null, periodStart: day(-5), periodEnd: day(5), status: 'running', budget: 1000 })).id;
  ids.booked = await campaign('Natale – Milano');
  ids.staticOnly = await campaign('Solo carta');
  ids.unplanned = await campaign('Senza pianificazione');
  ids.other = await campaign('Altra campagna');

  await newSystem(9101, 'DOOH');
  await newSystem(9102, 'OOH');
  await newSystem(9103, 'DOOH');
  ids.screen = (await insertRecord(db, 'frames', { systemId: 9101, name: 'Schermo', position: 1, width: 120, height: 200, digital: true, loopSeconds: 60, slotSeconds: 10, slots: 6, excludedBusinessAreas: [], status: 'active' })).id;
  const poster = (await insertRecord(db, 'frames', { systemId: 9102, name: 'Faccia A', position: 1, width: 600, height: 300, digital: false, slots: 1, excludedBusinessAreas: [], status: 'active' })).id;
  // The screen is on from 08:00 to 20:00: 720 one-minute loops.
  ids.device = (await insertRecord(db, 'devices', { systemId: 9101, serial: 'SN-PP-0001', model: 'Samsung OM55N', resolution: '1080x1920', status: 'online', operatingHours: { opensAt: '08:00', closesAt: '20:00' } })).id;
  ids.otherDevice = (await insertRecord(db, 'devices', { systemId: 9103, serial: 'SN-PP-0002', model: 'Samsung OM55N', resolution: '1080x1920', status: 'online' })).id;

  // Booked from three days ago to two days ahead; a second slot on yesterday; a poster as well.
  await confirmedPlanning(ids.booked, [
    { frameId: ids.screen, from: -3, to: 2 },
    { frameId: ids.screen, from: -1, to: -1 },
    { frameId: poster, from: -3, to: 2 },
  ]);
  await confirmedPlanning(ids.staticOnly, [{ frameId: poster, from: -3, to: -1 }]);

  await plays(ids.booked, ids.device, spread(day(-3), 720));
  await plays(ids.booked, ids.device, spread(day(-2), 499));
  // Just after midnight, Italian time: the day before in UTC, yet this day's play.
  await plays(ids.booked, ids.device, [italian(day(-2), '00:30')]);
  await plays(ids.booked, ids.device, spread(day(-1), 1440), 3);
  // Today's plays are not counted yet; nor another campaign's, nor plays on a player elsewhere.
  await plays(ids.booked, ids.device, spread(today, 50));
  await plays(ids.other, ids.device, spread(day(-2), 200));
  await plays(ids.booked, ids.otherDevice, spread(day(-2), 200));

  ({ server } = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1:8787' }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const username of USERS) {
    const response = await fetch(`${base}/user/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
      body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }).toString(),
    });
    tokens[username] = ((await response.json()) as { access_token: string }).access_token;
  }
});

afterAll(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server.close(resolve));
  await db?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function api(path: string, init: { method?: string; body?: unknown; as?: User } = {}): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${tokens[init.as ?? 'admin']}` };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}/device/v1${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('the proof of play of a DOOH campaign', () => {
  it('contracts one play per loop and booked slot while the screen is on', () => {
    expect(playsPerSlot({ opensAt: '06:00', closesAt: '24:00' }, 60)).toBe(1080);
    expect(playsPerSlot({ opensAt: '08:00', closesAt: '20:00' }, 60)).toBe(720);
    expect(playsPerSlot({ opensAt: '08:00', closesAt: '20:00' }, 90)).toBe(480);
  });

  it('answers per screen and ended day: contracted from slots and hours, delivered from the logs', async () => {
    const { status, body } = await api(`/proofOfPlay/${ids.booked}`);
    expect(status).toBe(200);
    expect(body.campaignName).toBe('Natale – Milano');
    expect(body.advertiserName).toBe('Caffè Roma');
    expect(body.reason).toBeNull();
    expect(body.through).toBe(day(-1));
    // The poster is no screen: only the screen is listed, with its system and player by name.
    expect(body.screens).toHaveLength(1);
    const [screen] = body.screens;
    expect(screen).toMatchObject({
      frameId: ids.screen,
      frameName: 'Schermo',
      systemCode: 'MI-9101',
      systemName: 'Totem Duomo 9101',
      address: 'Via Torino 12',
      municipality: 'Milano',
      players: [{ id: ids.device, serial: 'SN-PP-0001' }],
      opensAt: '08:00',
      closesAt: '20:00',
      loopSeconds: 60,
      periodStart: day(-3),
      periodEnd: day(2),
      note: null,
    });
    expect(screen.days).toEqual([
      { day: day(-3), slots: 1, contracted: 720, delivered: 720, missing: 0, deliveredPercent: 100, audience: 7200 },
      { day: day(-2), slots: 1, contracted: 720, delivered: 500, missing: 220, deliveredPercent: 69.4, audience: 5000 },
      { day: day(-1), slots: 2, contracted: 1440, delivered: 1440, missing: 0, deliveredPercent: 100, audience: 4320 },
    ]);
    const totals = { contracted: 2880, delivered: 2660, missing: 220, deliveredPercent: 92.4, audience: 16520, daysShort: 1 };
    expect(screen.totals).toEqual(totals);
    expect(body.totals).toEqual(totals);
  });

  it('counts a player without hours as on from 06:00 to 24:00', async () => {
    await db.query(`UPDATE records SET data = data - 'operatingHours' WHERE id = $1`, [ids.device]);
    try {
      const { body } = await api(`/proofOfPlay/${ids.booked}`);
      expect(body.screens[0]).toMatchObject({ opensAt: '06:00', closesAt: '24:00' });
      expect(body.screens[0].days.map((d: Json) => d.contracted)).toEqual([1080, 1080, 2160]);
    } finally {
      await db.query(`UPDATE records SET data = data || '{"operatingHours":{"opensAt":"08:00","closesAt":"20:00"}}' WHERE id = $1`, [ids.device]);
    }
  });

  it('answers empty with a reason when the campaign books no screen', async () => {
    const staticOnly = await api(`/proofOfPlay/${ids.staticOnly}`);
    expect(staticOnly.status).toBe(200);
    expect(staticOnly.body).toMatchObject({ screens: [], through: null, totals: { contracted: 0, delivered: 0, deliveredPercent: null } });
    expect(staticOnly.body.reason).toMatch(/non prenota schermi DOOH/);
    const unplanned = await api(`/proofOfPlay/${ids.unplanned}`);
    expect(unplanned.body.screens).toEqual([]);
    expect(unplanned.body.reason).toMatch(/non ha pianificazioni confermate/);
    expect((await api('/proofOfPlay/999999')).status).toBe(404);
  });

  it('is for the sellers and the media monitor, not for the designer', async () => {
    expect((await api(`/proofOfPlay/${ids.booked}`, { as: 'sales' })).status).toBe(200);
    expect((await api(`/proofOfPlay/${ids.booked}`, { as: 'mediamonitor' })).status).toBe(200);
    expect((await api(`/proofOfPlay/${ids.booked}`, { as: 'designer' })).status).toBe(403);
  });

  it("refuses a player's hours that end before they start", async () => {
    const refused = await api('/devices', {
      method: 'POST',
      body: { systemId: 9103, serial: 'SN-PP-0003', model: 'LG 55XS4F', resolution: '1920x1080', operatingHours: { opensAt: '20:00', closesAt: '08:00' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].path).toBe('/body/operatingHours/closesAt');
    const kept = await api('/devices', {
      method: 'POST',
      body: { systemId: 9103, serial: 'SN-PP-0004', model: 'LG 55XS4F', resolution: '1920x1080', operatingHours: { opensAt: '09:30', closesAt: '24:00' } },
    });
    expect(kept.status).toBe(201);
    expect(kept.body.operatingHours).toEqual({ opensAt: '09:30', closesAt: '24:00' });
  });
});

describe('the seeded plays of a booked screen', () => {
  const input = {
    deviceId: 7,
    hours: { opensAt: '06:00', closesAt: '24:00' },
    loopSeconds: 60,
    slotSeconds: 10,
    days: ['2025-06-08', '2025-06-09', '2025-06-10', '2025-06-11', '2025-12-01'].map((d) => ({ day: d, slots: 1 })),
    creativeIds: [11, 12],
    campaignId: 3,
    rng: rng(5),
  };
  const plan = planScreenPlays(input);
  const italianDay = (iso: string) => new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
  const italianHour = (iso: string) => Number(new Date(iso).toLocaleString('sv-SE', { timeZone: 'Europe/Rome' }).slice(11, 13));
  const perDay = new Map<string, number>();
  for (const t of plan.playedAt) perDay.set(italianDay(t), (perDay.get(italianDay(t)) ?? 0) + 1);

  it('deliver every contracted play on a full day, fewer on a short one, never outside the hours', () => {
    expect(plan.shortDays).toContain('2025-06-09');
    for (const { day: d } of input.days) {
      if (plan.shortDays.includes(d)) expect(perDay.get(d)).toBeLessThan(1080);
      else expect(perDay.get(d)).toBe(1080);
    }
    // Summer and winter alike, in Italian time.
    expect(Math.min(...plan.playedAt.map(italianHour))).toBe(6);
    expect(Math.max(...plan.playedAt.map(italianHour))).toBe(23);
    expect(new Set(plan.creativeId)).toEqual(new Set([11, 12]));
  });
});
