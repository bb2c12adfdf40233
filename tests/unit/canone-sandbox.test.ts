// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS } from '../../sandbox/services';
import {
  daysInYear,
  exposureDays,
  faceAmount,
  surfaceOf,
  taxableSurface,
} from '../../sandbox/services/frame/canone';
import { insertRecord } from '../../sandbox/store';
import { openSmallSeed } from './support/smallSeed';

/*
 * Canone unico on the small seed: the charged surface (rounded up, at least 1 m²), the lit rate,
 * exposure days from a static face's bookings and a screen's year in place, the yearly summary
 * per municipality and its sums, the rates each municipality sets (admin only, no silent
 * overwrite) and the export's content.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;
/** A year of its own: the seed books nothing then, so only this test's bookings count. */
const YEAR = 2031;
let db: Db;
let server: Server;
let base: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  db = await openSmallSeed();
  ({ server } = await createSandbox({
    db,
    handlers: HANDLERS,
    services: internalServices,
    origin: 'http://127.0.0.1:8787',
  }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const username of ['admin', 'assetmanager', 'manager', 'sales']) {
    const response = await fetch(`${base}/user/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
      body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }).toString(),
    });
    tokens[username] = ((await response.json()) as { access_token: string }).access_token;
  }
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function api(path: string, init: { method?: string; body?: unknown; as?: string } = {}) {
  const headers: Record<string, string> = { Authorization: `Bearer ${tokens[init.as ?? 'admin']}` };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json'))
    return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
    body: undefined as Json,
  };
}

/** A static face of a municipality with rates, and that municipality. */
async function staticFace() {
  const rates = (await api('/frame/v1/canoneUnico/rates')).body as Json[];
  const configured = rates.filter((r) => r.configured).map((r) => r.municipalityIstat as string);
  const { rows } = await db.query<{ id: string; istat: string }>(
    `SELECT f.id, s.municipality_istat AS istat FROM records f JOIN systems s ON s.id = (f.data->>'systemId')::bigint
      WHERE f.collection = 'frames' AND (f.data->>'digital')::boolean = false AND s.municipality_istat = ANY($1::text[])
      ORDER BY f.id LIMIT 1`,
    [configured],
  );
  return {
    frameId: Number(rows[0].id),
    istat: rows[0].istat,
    rate: rates.find((r) => r.municipalityIstat === rows[0].istat),
  };
}

describe('the rules', () => {
  it('charges the net surface rounded up to the next whole m², at least 1 m²', () => {
    expect(surfaceOf(600, 300)).toBe(18);
    expect(surfaceOf(100, 140)).toBe(1.4);
    expect(taxableSurface(18)).toBe(18);
    expect(taxableSurface(1.4)).toBe(2);
    expect(taxableSurface(6.01)).toBe(7);
    expect(taxableSurface(0.3)).toBe(1);
    expect(taxableSurface(surfaceOf(300, 200))).toBe(6);
  });

  it('counts each day of the year once, however many bookings cover it', () => {
    expect(exposureDays([{ periodStart: '2031-03-01', periodEnd: '2031-03-14' }], YEAR)).toBe(14);
    // Overlapping and touching bookings: 1–14 March and 10–20 March are 20 days.
    expect(
      exposureDays(
        [
          { periodStart: '2031-03-10', periodEnd: '2031-03-20' },
          { periodStart: '2031-03-01', periodEnd: '2031-03-14' },
        ],
        YEAR,
      ),
    ).toBe(20);
    // Only the days inside the year.
    expect(exposureDays([{ periodStart: '2030-12-25', periodEnd: '2031-01-03' }], YEAR)).toBe(3);
    expect(daysInYear(2028)).toBe(366);
  });

  it('multiplies a lit face by the lit multiplier; a screen pays the annual rate pro rata', () => {
    const rate = { annualRate: 40, dailyRate: 0.5, litMultiplier: 2 };
    expect(
      faceAmount({ taxableSurface: 18, lit: false, exposure: 'temporary', exposureDays: 14 }, rate, YEAR),
    ).toBe(126);
    expect(
      faceAmount({ taxableSurface: 18, lit: true, exposure: 'temporary', exposureDays: 14 }, rate, YEAR),
    ).toBe(252);
    expect(
      faceAmount({ taxableSurface: 6, lit: true, exposure: 'permanent', exposureDays: 365 }, rate, YEAR),
    ).toBe(480);
    expect(
      faceAmount({ taxableSurface: 6, lit: false, exposure: 'temporary', exposureDays: 14 }, undefined, YEAR),
    ).toBe(0);
  });
});

describe('the faces', () => {
  it('fills the net surface from width × height unless given, and lit is false by default', async () => {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM systems ORDER BY id LIMIT 1');
    const systemId = Number(rows[0].id);
    const made = await api('/frame/v1/frames', {
      method: 'POST',
      body: { systemId, name: 'Faccia canone', position: 90, width: 250, height: 140 },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ netSurface: 3.5, lit: false });
    const changed = await api(`/frame/v1/frames/${made.body.id}`, {
      method: 'PUT',
      body: {
        systemId,
        name: 'Faccia canone',
        position: 90,
        width: 250,
        height: 140,
        netSurface: 3.2,
        lit: true,
      },
    });
    expect(changed.body).toMatchObject({ netSurface: 3.2, lit: true });
    expect((await api(`/frame/v1/frames/${made.body.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('the seed has lit faces and unlit ones', async () => {
    const { rows } = await db.query<{ lit: boolean; n: number }>(
      "SELECT (data->>'lit')::boolean AS lit, count(*)::int AS n FROM records WHERE collection = 'frames' GROUP BY 1",
    );
    expect(rows.find((r) => r.lit)?.n).toBeGreaterThan(0);
    expect(rows.find((r) => r.lit === false)?.n).toBeGreaterThan(0);
  });
});

describe('the year', () => {
  it('a static face counts the days its bookings cover; lit doubles its amount; the summary sums the faces', async () => {
    const { frameId, istat, rate } = await staticFace();
    const frame = (await api(`/frame/v1/frames/${frameId}`)).body;
    await api(`/frame/v1/frames/${frameId}`, {
      method: 'PUT',
      body: {
        systemId: frame.systemId,
        name: frame.name,
        position: frame.position,
        width: frame.width,
        height: frame.height,
        netSurface: 5.2,
        lit: false,
      },
    });
    const booking = (periodStart: string, periodEnd: string, status = 'booked') =>
      insertRecord(db, 'reservations', {
        frameId,
        systemId: frame.systemId,
        periodStart,
        periodEnd,
        status,
        holder: 'sales',
        createdAt: '2026-01-01T00:00:00Z',
      });
    await booking('2031-03-01', '2031-03-14');
    await booking('2031-03-10', '2031-03-20');
    await booking('2031-05-01', '2031-05-31', 'released');

    const faces = (await api(`/frame/v1/canoneUnico/faces?year=${YEAR}&municipalityIstat=${istat}`))
      .body as Json[];
    const face = faces.find((f) => f.frameId === frameId);
    expect(face).toMatchObject({
      netSurface: 5.2,
      taxableSurface: 6,
      lit: false,
      exposure: 'temporary',
      exposureDays: 20,
    });
    expect(face.amount).toBeCloseTo(6 * rate.dailyRate * 20, 2);

    await api(`/frame/v1/frames/${frameId}`, {
      method: 'PUT',
      body: {
        systemId: frame.systemId,
        name: frame.name,
        position: frame.position,
        width: frame.width,
        height: frame.height,
        netSurface: 5.2,
        lit: true,
      },
    });
    const litFaces = (await api(`/frame/v1/canoneUnico/faces?year=${YEAR}&municipalityIstat=${istat}`))
      .body as Json[];
    const lit = litFaces.find((f) => f.frameId === frameId);
    expect(lit.amount).toBeCloseTo(face.amount * rate.litMultiplier, 2);

    const summary = (await api(`/frame/v1/canoneUnico/summary?year=${YEAR}`)).body;
    const row = summary.rows.find((r: Json) => r.municipalityIstat === istat);
    const sum = (key: string, list: Json[]) => list.reduce((n, f) => n + f[key], 0);
    expect(row).toMatchObject({
      faces: litFaces.length,
      litFaces: litFaces.filter((f) => f.lit).length,
      totalSurface: sum('taxableSurface', litFaces),
      litSurface: sum(
        'taxableSurface',
        litFaces.filter((f) => f.lit),
      ),
      exposureDays: sum('exposureDays', litFaces),
      ratesMissing: false,
    });
    expect(row.amount).toBeCloseTo(sum('amount', litFaces), 2);
    expect(summary.totals.faces).toBe(sum('faces', summary.rows));
    expect(summary.totals.amount).toBeCloseTo(sum('amount', summary.rows), 2);
    expect(summary.rows.map((r: Json) => r.municipality)).toEqual(
      [...summary.rows.map((r: Json) => r.municipality)].sort((a, b) => a.localeCompare(b, 'it')),
    );
  });

  it('a screen in place pays the whole year; a municipality without rates owes nothing and says so', async () => {
    const faces = (await api(`/frame/v1/canoneUnico/faces?year=${YEAR}`)).body as Json[];
    const screen = faces.find((f) => f.digital);
    expect(screen).toMatchObject({ exposure: 'permanent', exposureDays: 365 });
    const rates = (await api('/frame/v1/canoneUnico/rates')).body as Json[];
    const missing = rates.filter((r) => !r.configured).map((r) => r.municipalityIstat);
    expect(missing.length, 'the seed leaves a municipality without rates').toBeGreaterThan(0);
    const summary = (await api(`/frame/v1/canoneUnico/summary?year=${YEAR}`)).body;
    for (const row of summary.rows.filter((r: Json) => missing.includes(r.municipalityIstat)))
      expect(row).toMatchObject({ ratesMissing: true, amount: 0 });
  });

  it('the export holds the summary rows, the total and every face', async () => {
    const summary = (await api(`/frame/v1/canoneUnico/summary?year=${YEAR}`)).body;
    const faces = (await api(`/frame/v1/canoneUnico/faces?year=${YEAR}`)).body as Json[];
    const answer = await api(`/frame/v1/canoneUnico/summary/export?year=${YEAR}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="canone_unico_${YEAR}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.bytes as unknown as ArrayBuffer);
    const values = (name: string) => {
      const out: unknown[][] = [];
      workbook.getWorksheet(name)!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out;
    };
    const sheet = values('Riepilogo');
    expect(sheet[0]).toEqual([
      'Comune',
      'Provincia',
      'Facce',
      'Facce luminose',
      'Superficie (m²)',
      'Superficie luminosa (m²)',
      'Giorni di esposizione',
      'Importo (€)',
      'Tariffe',
    ]);
    expect(sheet.slice(1, -1).map((r) => [r[0], r[2], r[7]])).toEqual(
      summary.rows.map((r: Json) => [r.municipality, r.faces, r.amount]),
    );
    expect(sheet.at(-1)!.slice(0, 3)).toEqual(['Totale', '', summary.totals.faces]);
    const faceSheet = values('Facce');
    expect(faceSheet.length - 1).toBe(faces.length);
    expect(faceSheet[1][0]).toBe(`${faces[0].systemCode} ${faces[0].systemName}`);
  });
});

describe('the rates', () => {
  it('only the admin sets them; a stale version is refused; the manager and the asset manager read them', async () => {
    const { istat, rate } = await staticFace();
    expect((await api('/frame/v1/canoneUnico/rates', { as: 'manager' })).status).toBe(200);
    expect((await api(`/frame/v1/canoneUnico/summary?year=${YEAR}`, { as: 'assetmanager' })).status).toBe(
      200,
    );
    expect((await api(`/frame/v1/canoneUnico/summary?year=${YEAR}`, { as: 'sales' })).status).toBe(403);
    const body = { annualRate: 50, dailyRate: 1, litMultiplier: 1.5 };
    expect(
      (await api(`/frame/v1/canoneUnico/rates/${istat}`, { method: 'PUT', body, as: 'assetmanager' })).status,
    ).toBe(403);
    const saved = await api(`/frame/v1/canoneUnico/rates/${istat}`, {
      method: 'PUT',
      body: { ...body, lockVersion: rate.lockVersion },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...body, configured: true });
    expect(saved.body.lockVersion).not.toBe(rate.lockVersion);
    const stale = await api(`/frame/v1/canoneUnico/rates/${istat}`, {
      method: 'PUT',
      body: { ...body, lockVersion: rate.lockVersion },
    });
    expect(stale.status).toBe(409);
    expect((await api('/frame/v1/canoneUnico/rates/999999', { method: 'PUT', body })).status).toBe(404);
    const faces = (await api(`/frame/v1/canoneUnico/faces?year=${YEAR}&municipalityIstat=${istat}`))
      .body as Json[];
    const face = faces.find((f) => !f.digital && !f.lit);
    if (face) expect(face.amount).toBeCloseTo(face.taxableSurface * 1 * face.exposureDays, 2);
  });

  it('sets the rates of a municipality that had none', async () => {
    const rates = (await api('/frame/v1/canoneUnico/rates')).body as Json[];
    const none = rates.find((r) => !r.configured);
    const saved = await api(`/frame/v1/canoneUnico/rates/${none.municipalityIstat}`, {
      method: 'PUT',
      body: { annualRate: 20, dailyRate: 0.3, litMultiplier: 2 },
    });
    expect(saved.body).toMatchObject({ configured: true, annualRate: 20, municipality: none.municipality });
    expect(saved.body.lockVersion).toEqual(expect.any(Number));
  });
});
