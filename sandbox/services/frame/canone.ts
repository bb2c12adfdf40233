import type { components, operations } from '../../../src/api/generated/frame';
import type { Db } from '../../db';
import { file, HttpError, type OperationHandlers } from '../../http';
import { newWorkbook, workbookBuffer, XLSX } from '../../excel';
import { guardedUpdate, inRecords, insertRecord, updateRecord, type RecordData } from '../../store';
import { expireDue } from '../../shared/reservations';

/*
 * Canone unico patrimoniale: the municipal levy on advertising, per face and year.
 * - The charged surface is the face's net surface rounded up to the next whole m², at least 1 m².
 * - A static face carries temporary posters: charged by the day, for the days of the year its
 *   booked reservations cover (each day once, however many sales run on it).
 * - A screen is a permanent installation: charged by the year, pro rata of the days it is in place
 *   (the whole year while active or in maintenance; none while initialized or removed).
 * - A lit face's amount is multiplied by the municipality's lit multiplier.
 * - Each municipality sets its own rates; where none are set nothing is computed as due.
 */

type Face = components['schemas']['CanoneUnicoFace'];
type Rate = components['schemas']['CanoneUnicoRate'];
type Totals = components['schemas']['CanoneUnicoTotals'];
type Summary = components['schemas']['CanoneUnicoSummary'];
type CanoneOps = Pick<
  operations,
  | 'getCanoneUnicoSummary'
  | 'exportCanoneUnico'
  | 'listCanoneUnicoFaces'
  | 'listCanoneUnicoRates'
  | 'updateCanoneUnicoRate'
>;

export const CANONE_RATES = 'canoneRates';

/** Net surface in m² of a face of width × height cm, to two decimals. */
export const surfaceOf = (widthCm: number, heightCm: number): number =>
  Math.round((widthCm * heightCm) / 100) / 100;

/** The m² charged: the net surface rounded up to the next whole m², at least 1 m². */
export function taxableSurface(netSurface: number): number {
  // Two decimals at most: a float such as 6.000000001 is 6 m², not 7.
  return Math.max(1, Math.ceil(Math.round(netSurface * 100) / 100 - 1e-9));
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const daysInYear = (year: number): number =>
  dayNumber(`${year + 1}-01-01`) - dayNumber(`${year}-01-01`);

/** The days of `year` covered by any of the periods (both ends included), each day counted once. */
export function exposureDays(
  periods: ReadonlyArray<{ periodStart: string; periodEnd: string }>,
  year: number,
): number {
  const first = dayNumber(`${year}-01-01`);
  const last = dayNumber(`${year}-12-31`);
  const spans = periods
    .map((p) => [Math.max(first, dayNumber(p.periodStart)), Math.min(last, dayNumber(p.periodEnd))] as const)
    .filter(([a, b]) => a <= b)
    .sort((x, y) => x[0] - y[0]);
  let days = 0;
  let reached = first - 1;
  for (const [a, b] of spans) {
    if (b <= reached) continue;
    days += b - Math.max(a, reached + 1) + 1;
    reached = b;
  }
  return days;
}

const cents = (n: number) => Math.round(n * 100) / 100;

export interface RateValues {
  annualRate: number;
  dailyRate: number;
  litMultiplier: number;
}

/** A face's amount for the year: by the day for temporary exposure, pro rata of the year for permanent. */
export function faceAmount(
  face: { taxableSurface: number; lit: boolean; exposure: 'temporary' | 'permanent'; exposureDays: number },
  rate: RateValues | undefined,
  year: number,
): number {
  if (!rate) return 0;
  const lit = face.lit ? rate.litMultiplier : 1;
  const base =
    face.exposure === 'temporary'
      ? face.taxableSurface * rate.dailyRate * face.exposureDays
      : (face.taxableSurface * rate.annualRate * face.exposureDays) / daysInYear(year);
  return cents(base * lit);
}

/* ---------- reading ---------- */

interface FaceRow {
  id: string;
  data: RecordData;
  code: string;
  name: string;
  address: string;
  istat: string;
  municipality: string;
}

async function ratesByIstat(db: Db): Promise<Map<string, { id: number; data: RecordData; version: number }>> {
  const { rows } = await db.query<{ id: string; data: RecordData; version: string }>(
    'SELECT id, data, version FROM records WHERE collection = $1',
    [CANONE_RATES],
  );
  return new Map(
    rows.map((r) => [
      String(r.data.municipalityIstat),
      { id: Number(r.id), data: r.data, version: Number(r.version) },
    ]),
  );
}

const rateValues = (data: RecordData | undefined): RateValues | undefined =>
  data
    ? {
        annualRate: Number(data.annualRate),
        dailyRate: Number(data.dailyRate),
        litMultiplier: Number(data.litMultiplier),
      }
    : undefined;

/** Every liable face of the year (exposure days > 0), of one municipality when given, by system code and position. */
export async function canoneFaces(db: Db, year: number, municipalityIstat?: string): Promise<Face[]> {
  await expireDue(db);
  const { rows } = await db.query<FaceRow>(
    `SELECT f.id, f.data, s.code, s.name, s.address, s.municipality_istat AS istat, s.municipality_name AS municipality
       FROM records f JOIN systems s ON s.id = (f.data->>'systemId')::bigint
      WHERE f.collection = 'frames' AND ($1::text IS NULL OR s.municipality_istat = $1)
      ORDER BY s.code, (f.data->>'position')::int, f.id`,
    [municipalityIstat ?? null],
  );
  const { rows: booked } = await db.query<{ frame: string; periodStart: string; periodEnd: string }>(
    `SELECT data->>'frameId' AS frame, data->>'periodStart' AS "periodStart", data->>'periodEnd' AS "periodEnd"
       FROM records WHERE collection = 'reservations' AND data->>'status' = 'booked'
        AND data->>'periodStart' <= $2 AND data->>'periodEnd' >= $1`,
    [`${year}-01-01`, `${year}-12-31`],
  );
  const periods = new Map<number, Array<{ periodStart: string; periodEnd: string }>>();
  for (const b of booked) {
    const list = periods.get(Number(b.frame)) ?? [];
    list.push(b);
    periods.set(Number(b.frame), list);
  }
  const rates = await ratesByIstat(db);
  const out: Face[] = [];
  for (const r of rows) {
    const d = r.data;
    const digital = d.digital === true;
    const netSurface =
      typeof d.netSurface === 'number' ? d.netSurface : surfaceOf(Number(d.width), Number(d.height));
    const inPlace = d.status === 'active' || d.status === 'maintenance';
    const exposure = digital ? 'permanent' : 'temporary';
    const days = digital
      ? inPlace
        ? daysInYear(year)
        : 0
      : exposureDays(periods.get(Number(r.id)) ?? [], year);
    if (days === 0) continue;
    const face = {
      frameId: Number(r.id),
      frameName: String(d.name ?? ''),
      systemId: Number(d.systemId),
      systemCode: r.code,
      systemName: r.name,
      address: r.address,
      municipalityIstat: r.istat,
      municipality: r.municipality,
      digital,
      lit: d.lit === true,
      netSurface,
      taxableSurface: taxableSurface(netSurface),
      exposure,
      exposureDays: days,
    } as const;
    out.push({ ...face, amount: faceAmount(face, rateValues(rates.get(r.istat)?.data), year) });
  }
  return out;
}

const noTotals = (): Totals => ({
  faces: 0,
  litFaces: 0,
  totalSurface: 0,
  litSurface: 0,
  exposureDays: 0,
  amount: 0,
});

function add(t: Totals, f: Face): void {
  t.faces += 1;
  t.totalSurface += f.taxableSurface;
  t.exposureDays += f.exposureDays;
  t.amount = cents(t.amount + f.amount);
  if (f.lit) {
    t.litFaces += 1;
    t.litSurface += f.taxableSurface;
  }
}

/** The year's summary per municipality (sorted by name) and its totals. */
export async function canoneSummary(db: Db, year: number): Promise<Summary & { faces: Face[] }> {
  const faces = await canoneFaces(db, year);
  const rates = await ratesByIstat(db);
  const provinces = await provincesOf(db, [...new Set(faces.map((f) => f.municipalityIstat))]);
  const rows = new Map<string, Summary['rows'][number]>();
  const totals = noTotals();
  for (const f of faces) {
    let row = rows.get(f.municipalityIstat);
    if (!row) {
      row = {
        municipalityIstat: f.municipalityIstat,
        municipality: f.municipality,
        province: provinces.get(f.municipalityIstat) ?? '',
        ratesMissing: !rates.has(f.municipalityIstat),
        ...noTotals(),
      };
      rows.set(f.municipalityIstat, row);
    }
    add(row, f);
    add(totals, f);
  }
  return {
    year,
    rows: [...rows.values()].sort((a, b) => a.municipality.localeCompare(b.municipality, 'it')),
    totals,
    faces,
  };
}

async function provincesOf(db: Db, istat: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ istat: string; province: string }>(
    'SELECT DISTINCT ON (municipality_istat) municipality_istat AS istat, province FROM systems WHERE municipality_istat = ANY($1::text[])',
    [istat],
  );
  return new Map(rows.map((r) => [r.istat, r.province]));
}

/** Every municipality where a system stands, with its rates (null while not set), by name. */
export async function canoneRates(db: Db, only?: string): Promise<Rate[]> {
  const { rows } = await db.query<{ istat: string; municipality: string; province: string }>(
    `SELECT DISTINCT ON (municipality_istat) municipality_istat AS istat, municipality_name AS municipality, province
       FROM systems WHERE ($1::text IS NULL OR municipality_istat = $1) ORDER BY municipality_istat`,
    [only ?? null],
  );
  const rates = await ratesByIstat(db);
  return rows
    .map((r): Rate => {
      const stored = rates.get(r.istat);
      const values = rateValues(stored?.data);
      return {
        municipalityIstat: r.istat,
        municipality: r.municipality,
        province: r.province,
        configured: Boolean(stored),
        annualRate: values?.annualRate ?? null,
        dailyRate: values?.dailyRate ?? null,
        litMultiplier: values?.litMultiplier ?? null,
        ...(stored ? { lockVersion: stored.version } : {}),
      };
    })
    .sort((a, b) => a.municipality.localeCompare(b.municipality, 'it'));
}

/* ---------- export ---------- */

const EXPOSURE = { temporary: 'Temporanea', permanent: 'Permanente' } as const;

/** The year's workbook: «Riepilogo» per municipality with a «Totale» row, and «Facce». */
export async function canoneWorkbook(summary: Summary & { faces: Face[] }): Promise<Buffer> {
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet('Riepilogo');
  sheet.addRow([
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
  for (const r of summary.rows) {
    sheet.addRow([
      r.municipality,
      r.province,
      r.faces,
      r.litFaces,
      r.totalSurface,
      r.litSurface,
      r.exposureDays,
      r.amount,
      r.ratesMissing ? 'Non impostate' : 'Impostate',
    ]);
  }
  const t = summary.totals;
  sheet.addRow([
    'Totale',
    '',
    t.faces,
    t.litFaces,
    t.totalSurface,
    t.litSurface,
    t.exposureDays,
    t.amount,
    '',
  ]);
  const faces = workbook.addWorksheet('Facce');
  faces.addRow([
    'Impianto',
    'Faccia',
    'Indirizzo',
    'Comune',
    'Superficie netta (m²)',
    'Superficie tassabile (m²)',
    'Luminosa',
    'Esposizione',
    'Giorni',
    'Importo (€)',
  ]);
  for (const f of summary.faces) {
    faces.addRow([
      `${f.systemCode} ${f.systemName}`,
      f.frameName,
      f.address,
      f.municipality,
      f.netSurface,
      f.taxableSurface,
      f.lit ? 'Sì' : 'No',
      EXPOSURE[f.exposure],
      f.exposureDays,
      f.amount,
    ]);
  }
  for (const s of [sheet, faces]) s.getRow(1).font = { bold: true };
  return workbookBuffer(workbook);
}

/* ---------- handlers ---------- */

const yearOf = (ctx: { query: unknown }) => Number((ctx.query as { year: number }).year);

export const canoneHandlers: OperationHandlers<CanoneOps> = {
  getCanoneUnicoSummary: async (ctx) => {
    const { faces: _faces, ...summary } = await canoneSummary(ctx.db, yearOf(ctx));
    return summary;
  },
  exportCanoneUnico: async (ctx) => {
    const year = yearOf(ctx);
    return file(await canoneWorkbook(await canoneSummary(ctx.db, year)), XLSX, `canone_unico_${year}.xlsx`);
  },
  listCanoneUnicoFaces: (ctx) => {
    const q = ctx.query as { year: number; municipalityIstat?: string };
    return canoneFaces(ctx.db, Number(q.year), q.municipalityIstat);
  },
  listCanoneUnicoRates: (ctx) => canoneRates(ctx.db),
  updateCanoneUnicoRate: async (ctx) => {
    const istat = String(ctx.params.municipalityIstat);
    const [municipality] = await canoneRates(ctx.db, istat);
    if (!municipality) throw new HttpError(404, `Nessun impianto nel comune ${istat}`);
    const stored = (await ratesByIstat(ctx.db)).get(istat);
    const write = async (db: Db) => {
      const body = ctx.body as RecordData;
      const data = {
        municipalityIstat: istat,
        annualRate: body.annualRate,
        dailyRate: body.dailyRate,
        litMultiplier: body.litMultiplier,
      };
      if (stored) await updateRecord(db, CANONE_RATES, stored.id, data);
      else await insertRecord(db, CANONE_RATES, data);
      const [rate] = await canoneRates(db, istat);
      return rate;
    };
    if (!stored) return write(ctx.db);
    return guardedUpdate(ctx, inRecords(CANONE_RATES, stored.id, 'tariffa', true), write);
  },
};

/** Rates of every seeded municipality but the last by name (left without, to show it), deterministic. */
export async function seedCanoneRates(db: Db): Promise<void> {
  const municipalities = await canoneRates(db);
  const rates = municipalities.slice(0, Math.max(1, municipalities.length - 1)).map((m, i) => ({
    municipalityIstat: m.municipalityIstat,
    annualRate: 30 + (i % 4) * 6,
    dailyRate: cents(0.5 + (i % 3) * 0.1),
    litMultiplier: 2,
  }));
  // One statement, the rows in the order of `rates` (their ids as one insert each gave).
  if (rates.length) {
    await db.query(
      `INSERT INTO records (collection, data) SELECT $1, x.data FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(data, n) ORDER BY x.n`,
      [CANONE_RATES, JSON.stringify(rates)],
    );
  }
}
