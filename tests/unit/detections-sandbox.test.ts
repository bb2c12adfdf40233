// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS } from '../../sandbox/services';
import { EXCEL_COLUMNS } from '../../sandbox/services/audit';
import { openSmallSeed } from './support/smallSeed';

/* The audit service in-process: Excel export and all-or-nothing import, sub-item keys, leads → CRM. */

let db: Db;
let server: Server;
let base = '';
const tokens: Record<string, string> = {};

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${base}/user/oauth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

const audit = (path: string, init: RequestInit = {}, user = 'mediamonitor') =>
  fetch(`${base}/audit/v1/detection/${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${tokens[user]}`, ...(init.headers ?? {}) },
  });

async function workbook(rows: unknown[][]): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Rilevazioni');
  sheet.addRow([...EXCEL_COLUMNS]);
  rows.forEach((r) => sheet.addRow(r));
  return new Blob([(await wb.xlsx.writeBuffer()) as ArrayBuffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

async function upload(blob: Blob): Promise<Response> {
  const form = new FormData();
  form.append('file', blob, 'rilevazioni.xlsx');
  return audit('upload', { method: 'POST', body: form });
}

const countIn = async (dateStart: string, dateEnd: string) =>
  ((await (await audit(`byRangeDate?dateStart=${dateStart}&dateEnd=${dateEnd}`)).json()) as unknown[]).length;

beforeAll(async () => {
  db = await openSmallSeed();
  const sandbox = await createSandbox({
    db,
    handlers: HANDLERS,
    services: internalServices,
    origin: 'http://127.0.0.1',
  });
  server = sandbox.server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const user of ['mediamonitor', 'sales', 'admin']) tokens[user] = await signIn(user);
}, 180_000);

afterAll(async () => {
  server?.close();
  await db?.close();
});

describe('audit sandbox', { timeout: 60_000 }, () => {
  it('seeds about 3,000 detections over two years and a dozen agents', async () => {
    const all = (await (await audit('all')).json()) as Array<{ detectionDate: string }>;
    expect(all.length).toBeGreaterThanOrEqual(2500);
    const dates = all.map((d) => d.detectionDate).sort();
    expect(dates[dates.length - 1] > '2026-10-01').toBe(true);
    expect(dates[0] < '2025-01-15').toBe(true);
    const agents = (await (await audit('agent/allNameAndSurname')).json()) as unknown[];
    expect(agents.length).toBe(12);
  });

  it('exports the period as a workbook holding every detection of it', async () => {
    const response = await audit('exportExcel?dateStart=2026-10-01&dateEnd=2026-10-31');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="export_2026-10-01_2026-10-31.xlsx"',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await response.arrayBuffer());
    const sheet = wb.getWorksheet('Rilevazioni')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Data');
    expect(sheet.rowCount - 1).toBe(await countIn('2026-10-01', '2026-10-31'));
  });

  it('imports nothing when a row is bad, and names the row', async () => {
    const before = await countIn('2020-01-01', '2020-12-31');
    const blob = await workbook([
      [
        '2020-03-02',
        'Urban Media Italia',
        'Caffè Aurora',
        'Caffè Aurora – Miscela Oro',
        'Mario Rossi',
        'Via Roma 1',
        'Roma',
        41.9,
        12.5,
        '6x3',
        'Affissione',
        'none',
        '',
      ],
      [
        '2020-03-03',
        'Urban Media Italia',
        '',
        'Caffè Aurora – Miscela Oro',
        '',
        '',
        'Roma',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
      [
        '2020-03-04',
        'Urban Media Italia',
        'Caffè Aurora',
        'Caffè Aurora – Miscela Oro',
        'Nessuno Mai',
        '',
        'Roma',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
    ]);
    const response = await upload(blob);
    expect(response.status).toBe(422);
    const body = (await response.json()) as {
      imported: number;
      rejected: Array<{ row: number; reason: string }>;
      message: string;
    };
    expect(body.imported).toBe(0);
    expect(body.rejected).toEqual([
      { row: 3, reason: 'Brand: obbligatorio, manca', mistakes: [{ column: 'Brand', value: '', reason: 'obbligatorio, manca' }] },
      {
        row: 4,
        reason: 'Agente «Nessuno Mai»: non è tra gli agenti',
        mistakes: [{ column: 'Agente', value: 'Nessuno Mai', reason: 'non è tra gli agenti' }],
      },
    ]);
    expect(body.message).toMatch(/riga 3/);
    expect(await countIn('2020-01-01', '2020-12-31')).toBe(before);
  });

  it('imports every row of a good file', async () => {
    const blob = await workbook([
      [
        '2020-05-02',
        'Urban Media Italia',
        'Caffè Aurora',
        'Caffè Aurora – Miscela Oro',
        'Mario Rossi',
        'Via Roma 1',
        'Roma',
        41.9,
        12.5,
        '6x3',
        'Affissione',
        'none',
        '',
      ],
      [
        new Date('2020-05-03T00:00:00Z'),
        'Urban Media Italia',
        'Pasta Etrusca',
        'Pasta Etrusca – Linea Integrale',
        '',
        '',
        'Roma',
        '',
        '',
        '',
        '',
        'new',
        'nota',
      ],
    ]);
    const response = await upload(blob);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ imported: 2, rejected: [] });
    expect(await countIn('2020-05-01', '2020-05-31')).toBe(2);
  });

  it('refuses a save body keyed by another type than the path', async () => {
    const wrong = await audit('mediatype/save', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ format: { name: 'Nuovo' } }),
    });
    expect(wrong.status).toBe(400);
    const right = await audit('mediatype/save', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ media_type: { name: 'Nuovo tipo' } }),
    });
    expect(right.status).toBe(200);
    const list = (await (await audit('mediatype/all')).json()) as Array<{ name: string }>;
    expect(list.map((i) => i.name)).toContain('Nuovo tipo');
  });

  it('turns a new lead into an opportunity once, then updates it', async () => {
    const created = (await (
      await audit('save', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          detectionDate: '2026-11-01',
          mediaOwner: 'Urban Media Italia',
          brandName: 'Marchio Lead Test',
          subject: 'Soggetto Lead Test',
          municipality: 'Roma',
        }),
      })
    ).json()) as { auditId: number };
    const lead = await audit(`updateDetectionNewLead/${created.auditId}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ leadStatus: 'new', note: 'da chiamare' }),
    });
    expect(((await lead.json()) as { leadStatus: string }).leadStatus).toBe('new');
    const first = (await (await audit('syncLeads', { method: 'POST' })).json()) as {
      created: Array<{ auditId: number; opportunityId: number }>;
    };
    const mine = first.created.find((c) => c.auditId === created.auditId);
    expect(mine).toBeDefined();
    const second = (await (await audit('syncLeads', { method: 'POST' })).json()) as {
      created: unknown[];
      updated: Array<{ auditId: number; opportunityId: number }>;
    };
    expect(second.created).toEqual([]);
    expect(second.updated).toContainEqual({ auditId: created.auditId, opportunityId: mine!.opportunityId });
    const { rows } = await db.query<{ data: { detectionId: number; source: string } }>(
      `SELECT data FROM records WHERE collection = 'opportunities' AND id = $1`,
      [mine!.opportunityId],
    );
    expect(rows[0].data).toMatchObject({ detectionId: created.auditId, source: 'mediamonitor' });
  });

  it('mails detections to an agent through the mail outbox', async () => {
    const response = await audit('sendToAgent', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ agentId: 3, auditIds: [1, 2] }),
    });
    expect(response.status).toBe(200);
    const { mailId, recipient } = (await response.json()) as { mailId: number; recipient: string };
    const { rows } = await db.query<{ data: { kind: string; to: string } }>(
      `SELECT data FROM records WHERE collection = 'mails' AND id = $1`,
      [mailId],
    );
    expect(rows[0].data).toMatchObject({ kind: 'agent-report', to: recipient });
  });

  it('answers 403 to a sales user', async () => {
    expect((await audit('all', {}, 'sales')).status).toBe(403);
  });
});
