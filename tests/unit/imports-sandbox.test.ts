// @vitest-environment node
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS } from '../../sandbox/services';
import { media } from '../../src/i18n/it/media';
import { patrimonio } from '../../src/i18n/it/patrimonio';
import type { DataProvider, RaRecord } from 'react-admin';
import { i18nProvider } from '../../src/i18n';
import type { DetectionRecord } from '../../src/dataProviders/detections';
import { detectionExportColumns } from '../../src/resources/detections/DetectionList';
import { exportColumns as systemExportColumns } from '../../src/resources/systems/exportColumns';
import { toCsv, type CsvCell } from '../../src/ui/csv';
import { exportCells, type ExportColumn } from '../../src/ui/exporter';
import { openSmallSeed } from './support/smallSeed';

/*
 * The imports take what the lists' exports write: the CSV of the app's one CSV writer, or a workbook
 * with the export's Italian headers, labels, dd/mm/yyyy dates and names; and name every mistake.
 */

let db: Db;
let server: Server;
let base = '';
const tokens: Record<string, string> = {};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${base}/user/oauth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

const call = (path: string, init: RequestInit = {}, user = 'assetmanager') =>
  fetch(`${base}${path}`, { ...init, headers: { Authorization: `Bearer ${tokens[user]}`, ...(init.headers ?? {}) } });

async function upload(path: string, blob: Blob, name: string, user: string): Promise<Response> {
  const form = new FormData();
  form.append('file', blob, name);
  return call(path, { method: 'POST', body: form }, user);
}

const csv = (header: string[], rows: CsvCell[][]) => new Blob([toCsv(header, rows)], { type: 'text/csv' });

async function xlsx(header: string[], rows: unknown[][]): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Esportazione');
  sheet.addRow(header);
  rows.forEach((r) => sheet.addRow(r));
  return new Blob([(await wb.xlsx.writeBuffer()) as ArrayBuffer], { type: XLSX });
}

interface Mistake {
  column: string;
  value: string;
  reason: string;
}
interface Refusal {
  message: string;
  rejected: Array<{ row: number; reason: string; mistakes: Mistake[] }>;
  rejectedCount: number;
}

/** dd/mm/yyyy, as src/ui/format.ts formatDate writes a day. */
const italianDay = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

beforeAll(async () => {
  db = await openSmallSeed();
  const sandbox = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1' });
  server = sandbox.server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const user of ['assetmanager', 'mediamonitor']) tokens[user] = await signIn(user);
}, 180_000);

afterAll(async () => {
  server?.close();
  await db?.close();
});

/* ---------- systems ---------- */

interface System {
  id: number;
  code: string;
  name: string;
  type: string;
  systemType: string;
  status: string;
  address: string;
  municipality: { name: string };
  province: string;
  region: string;
  zipCode?: string;
  latitude: number;
  longitude: number;
  mediaOwners?: Array<{ name: string }>;
  area?: { name: string };
  lease?: { name: string };
  sizes?: unknown[];
  notes?: string;
  updatedAt: string;
}

const fields = patrimonio.systems.fields as Record<string, string>;
const typeLabels = patrimonio.systems.systemTypes as Record<string, string>;
const statusLabels = patrimonio.systems.statuses as Record<string, string>;

/** The systems list's export: its columns (src/resources/systems/SystemsList.tsx), headers and cells in Italian. */
const SYSTEM_EXPORT = ['code', 'name', 'type', 'systemType', 'status', 'address', 'municipality', 'province', 'region', 'zipCode', 'latitude', 'longitude', 'mediaOwners', 'area', 'lease', 'updatedAt'];
const systemHeader = SYSTEM_EXPORT.map((key) => fields[key]);
const systemCells = (s: System): CsvCell[] => [
  s.code,
  s.name,
  s.type,
  typeLabels[s.systemType],
  statusLabels[s.status],
  s.address,
  s.municipality.name,
  s.province,
  s.region,
  s.zipCode,
  s.latitude,
  s.longitude,
  (s.mediaOwners ?? []).map((m) => m.name).join(', '),
  s.area?.name,
  s.lease?.name,
  italianDay(s.updatedAt),
];

const systemsWithReferences = async (n: number) => {
  const page = (await (await call('/systems/v1/system/all/page/0/perPage/200?type=ALL')).json()) as { content: System[] };
  return page.content.filter((s) => s.mediaOwners?.length && s.area && s.lease && s.sizes?.length).slice(0, n);
};
const systemById = async (id: number) => (await (await call(`/systems/v1/system/id/${id}`)).json()) as System;

describe('systems import: what the list exports', { timeout: 60_000 }, () => {
  it('takes back the CSV the systems list exports (Italian labels, names, decimal commas), keeping what the file has no column for', async () => {
    const systems = await systemsWithReferences(3);
    expect(systems).toHaveLength(3);
    const edited = systems.map((s) => ({ ...s, name: `${s.name} (riesportato)` }));
    const response = await upload('/systems/v1/system/upload', csv(systemHeader, edited.map(systemCells)), 'impianti_2026-11-27.csv', 'assetmanager');
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ created: 0, updated: 3, rejected: [] });
    for (const before of systems) {
      const after = await systemById(before.id);
      expect(after.name).toBe(`${before.name} (riesportato)`);
      expect(after.status).toBe(before.status);
      expect(after.mediaOwners).toEqual(before.mediaOwners);
      expect(after.area?.name).toBe(before.area?.name);
      expect(after.lease?.name).toBe(before.lease?.name);
      expect(after.sizes).toEqual(before.sizes);
    }
  });

  it('takes a workbook with the export\'s headers and Italian values, a new row among them', async () => {
    const [s] = await systemsWithReferences(1);
    const fresh: CsvCell[] = systemCells({ ...s, name: 'Nuovo da esportazione' });
    fresh[0] = '';
    fresh[3] = typeLabels.paloluce.toUpperCase();
    fresh[4] = 'in MANUTENZIONE';
    fresh[1 + 5] = `${s.municipality.name.toUpperCase()}`;
    const response = await upload('/systems/v1/system/upload', await xlsx(systemHeader, [fresh]), 'impianti.xlsx', 'assetmanager');
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ created: 1, updated: 0 });
  });

  it('names all three mistakes of two rows, the unknown reference name among them', async () => {
    const [s] = await systemsWithReferences(1);
    const one = systemCells({ ...s, name: 'Errore uno' });
    one[0] = '';
    one[4] = 'Rotto';
    one[6] = 'Paese Inesistente';
    const two = systemCells({ ...s, name: 'Errore due' });
    two[0] = '';
    two[12] = 'Concessionaria Che Non Esiste';
    const response = await upload('/systems/v1/system/upload', csv(systemHeader, [one, two]), 'impianti.csv', 'assetmanager');
    expect(response.status).toBe(422);
    const body = (await response.json()) as Refusal;
    expect(body.rejectedCount).toBe(2);
    expect(body.rejected.map((r) => r.row)).toEqual([2, 3]);
    expect(body.rejected[0].mistakes).toEqual([
      { column: 'Stato', value: 'Rotto', reason: expect.stringMatching(/non è uno stato/) },
      { column: 'Comune', value: 'Paese Inesistente', reason: expect.stringMatching(/non trovato/) },
    ]);
    expect(body.rejected[1].mistakes).toEqual([{ column: 'Concessionarie', value: 'Concessionaria Che Non Esiste', reason: 'non è tra le concessionarie' }]);
    expect(body.rejected[0].reason).toMatch(/Stato «Rotto».*Comune «Paese Inesistente»/);
  });

  it('refuses a name two records share, whatever their case and accents', async () => {
    await db.query("INSERT INTO system_media_owners (name, vat, mail) VALUES ('Affissioni Città Doppia', '11111111111', 'a@example.it'), ('affissioni citta doppia', '22222222222', 'b@example.it')");
    const [s] = await systemsWithReferences(1);
    const row = systemCells(s);
    row[12] = 'AFFISSIONI CITTÀ DOPPIA';
    const response = await upload('/systems/v1/system/upload', csv(systemHeader, [row]), 'impianti.csv', 'assetmanager');
    expect(response.status).toBe(422);
    const body = (await response.json()) as Refusal;
    expect(body.rejected[0].mistakes).toEqual([{ column: 'Concessionarie', value: 'AFFISSIONI CITTÀ DOPPIA', reason: expect.stringMatching(/ambiguo/) }]);
  });
});

/* ---------- detections ---------- */

const detectionFields = media.detections.fields as Record<string, string>;
const leadLabels = media.detections.lead as Record<string, string>;
/** The detections list's export (detectionExportColumns in src/resources/detections/DetectionList.tsx). */
const detectionHeader = ['auditId', 'detectionDate', 'mediaOwner', 'brandName', 'subject', 'agent', 'municipality', 'format', 'leadStatus'].map((k) => detectionFields[k]);

const countIn = async (dateStart: string, dateEnd: string) =>
  ((await (await call(`/audit/v1/detection/byRangeDate?dateStart=${dateStart}&dateEnd=${dateEnd}`, {}, 'mediamonitor')).json()) as unknown[]).length;

describe('detections import: what the list exports', { timeout: 60_000 }, () => {
  it('takes the export\'s headers and Italian values: dd/mm/yyyy and date cells, lead labels, agents by name', async () => {
    const { rows } = await db.query<{ name: string; surname: string }>('SELECT name, surname FROM audit_agents ORDER BY id LIMIT 1');
    const agent = `${rows[0].name} ${rows[0].surname}`;
    const before = await countIn('2019-11-01', '2019-11-30');
    const workbook = await xlsx(detectionHeader, [
      [101, '27/11/2019', 'Urban Media Italia', 'Caffè Aurora', 'Miscela Oro', agent.toUpperCase(), 'Roma', '6x3', leadLabels.new],
      [102, new Date('2019-11-26T00:00:00Z'), 'Urban Media Italia', 'Pasta Etrusca', 'Linea Integrale', '', 'Milano', '', leadLabels.contacted.toLowerCase()],
    ]);
    const response = await upload('/audit/v1/detection/upload', workbook, 'rilevazioni.xlsx', 'mediamonitor');
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ imported: 2, rejected: [] });
    const fromCsv = csv(detectionHeader, [[103, '25/11/2019', 'Urban Media Italia', 'Caffè Aurora', 'Miscela Oro', agent, 'Roma', '', leadLabels.none]]);
    const again = await upload('/audit/v1/detection/upload', fromCsv, 'rilevazioni_2026-11-27.csv', 'mediamonitor');
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await countIn('2019-11-01', '2019-11-30')).toBe(before + 3);
    const imported = (await (await call('/audit/v1/detection/byRangeDate?dateStart=2019-11-27&dateEnd=2019-11-27', {}, 'mediamonitor')).json()) as Array<{ leadStatus: string; agent: { name: string } | null }>;
    expect(imported.some((d) => d.leadStatus === 'new' && d.agent?.name === rows[0].name)).toBe(true);
  });

  it('names all three mistakes of two rows, the unknown agent among them', async () => {
    const before = await countIn('2019-01-01', '2019-12-31');
    const response = await upload(
      '/audit/v1/detection/upload',
      csv(detectionHeader, [
        [1, '31/02/2019', 'Urban Media Italia', 'Caffè Aurora', 'Miscela Oro', 'Nessuno Mai', 'Roma', '', leadLabels.new],
        [2, '01/03/2019', 'Urban Media Italia', 'Caffè Aurora', 'Miscela Oro', '', 'Roma', '', 'Forse'],
      ]),
      'rilevazioni.csv',
      'mediamonitor',
    );
    expect(response.status).toBe(422);
    const body = (await response.json()) as Refusal;
    expect(body.rejected.map((r) => r.row)).toEqual([2, 3]);
    expect(body.rejected[0].mistakes).toEqual([
      { column: 'Data', value: '31/02/2019', reason: expect.stringMatching(/non è una data/) },
      { column: 'Agente', value: 'Nessuno Mai', reason: 'non è tra gli agenti' },
    ]);
    expect(body.rejected[1].mistakes).toEqual([{ column: 'Stato lead', value: 'Forse', reason: expect.stringMatching(/non è uno stato del lead/) }]);
    expect(await countIn('2019-01-01', '2019-12-31')).toBe(before);
  });
});

/* ---------- the lists' own export columns, imported back ---------- */

/** The CSV the app's exporter writes: the list's own columns (headers through the Italian messages), toCsv. */
async function appExport<R extends RaRecord>(columns: ExportColumn<R>[], rows: R[]): Promise<Blob> {
  const header = columns.map((c) => i18nProvider.translate(c.label, { _: c.label }));
  // Every column of these lists is a value of the row: no reference is read through a provider.
  const cells = await exportCells({} as DataProvider, columns, rows);
  return new Blob([toCsv(header, cells)], { type: 'text/csv' });
}

describe('the imports take back the file the lists\' own exporter writes', { timeout: 120_000 }, () => {
  it('systems: rows of every type and status, references by name, exported by the list\'s columns, come back as updates of the same values', async () => {
    const all = ((await (await call('/systems/v1/system/all/page/0/perPage/300?type=ALL')).json()) as { content: System[] }).content;
    // Two of every status and of every type, and some with all three references.
    const some = (key: (s: System) => string, n: number) => {
      const groups = new Map<string, System[]>();
      for (const s of all) groups.set(key(s), [...(groups.get(key(s)) ?? []), s]);
      return [...groups.values()].flatMap((group) => group.slice(0, n));
    };
    const picked = [...some((s) => s.status, 2), ...some((s) => s.systemType, 2), ...all.filter((s) => s.mediaOwners?.length && s.area && s.lease).slice(0, 5)];
    const rows = [...new Map(picked.map((s) => [s.id, s])).values()];
    expect(new Set(rows.map((s) => s.status)).size).toBe(Object.keys(statusLabels).length);
    expect(new Set(rows.map((s) => s.systemType)).size).toBe(Object.keys(typeLabels).length);
    expect(rows.filter((s) => s.mediaOwners?.length && s.area && s.lease).length).toBeGreaterThan(0);
    const file = await appExport(systemExportColumns as unknown as ExportColumn<System & RaRecord>[], rows);
    const text = await file.text();
    // Italian labels and dates in the file, never the codes.
    expect(text).toContain(statusLabels.active);
    expect(text).toMatch(/;\d\d\/\d\d\/\d{4}\r\n/);
    const response = await upload('/systems/v1/system/upload', file, 'impianti_2026-11-27.csv', 'assetmanager');
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ created: 0, updated: rows.length, rejected: [] });
    for (const before of rows) {
      const after = await systemById(before.id);
      expect({ status: after.status, systemType: after.systemType, mediaOwners: after.mediaOwners, area: after.area?.name, lease: after.lease?.name }).toEqual({
        status: before.status,
        systemType: before.systemType,
        mediaOwners: before.mediaOwners,
        area: before.area?.name,
        lease: before.lease?.name,
      });
    }
  });

  it('systems: every reference mistake of a row named at once (municipality, media owners, area, lease), and every row\'s', async () => {
    const [a, b] = await systemsWithReferences(2);
    const wrong = (s: System, tag: string): System => ({
      ...s,
      status: 'rotto',
      municipality: { name: `Comune ${tag}` },
      mediaOwners: [{ name: `Concessionaria ${tag}` }],
      area: { name: `Area ${tag}` },
      lease: { name: `Locazione ${tag}` },
    });
    const response = await upload('/systems/v1/system/upload', await appExport(systemExportColumns as unknown as ExportColumn<System & RaRecord>[], [wrong(a, 'Uno'), wrong(b, 'Due')]), 'impianti.csv', 'assetmanager');
    expect(response.status).toBe(422);
    const body = (await response.json()) as Refusal;
    expect(body.rejected.map((r) => r.row)).toEqual([2, 3]);
    for (const [i, tag] of ['Uno', 'Due'].entries()) {
      expect(body.rejected[i].mistakes.map((m) => [m.column, m.value]).sort()).toEqual([
        [fields.status, 'rotto'],
        [fields.municipality, `Comune ${tag}`],
        [fields.mediaOwners, `Concessionaria ${tag}`],
        [fields.area, `Area ${tag}`],
        [fields.lease, `Locazione ${tag}`],
      ].sort());
    }
  });

  it('detections: the rows of a period exported by the list\'s columns (dd/mm/yyyy, lead labels, agents by name) are imported back whole', async () => {
    const rows = ((await (await call('/audit/v1/detection/byRangeDate?dateStart=2000-01-01&dateEnd=2100-12-31', {}, 'mediamonitor')).json()) as DetectionRecord[])
      .slice(0, 60)
      .map((d, i) => ({ ...d, id: i + 1 }));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.some((d) => d.agent)).toBe(true);
    expect(new Set(rows.map((d) => d.leadStatus)).size).toBeGreaterThan(1);
    const file = await appExport(detectionExportColumns, rows);
    expect(await file.text()).toMatch(/;\d\d\/\d\d\/\d{4};/);
    const before = await countIn('2000-01-01', '2100-12-31');
    const response = await upload('/audit/v1/detection/upload', file, 'rilevazioni_2026-11-27.csv', 'mediamonitor');
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ imported: rows.length, rejected: [] });
    expect(await countIn('2000-01-01', '2100-12-31')).toBe(before + rows.length);
  });
});
