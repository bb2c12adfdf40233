import type { Db } from '../../db';
import { media } from '../../../src/i18n/it/media';
import {
  cellAt,
  labelResolver,
  nameResolver,
  newWorkbook,
  normalizeHeader,
  parseDay,
  readTable,
  workbookBuffer,
  type ImportMistake,
  type ReadLimits,
  type SheetRow,
} from '../../excel';
import { HttpError } from '../../http';
import { Detection, EXCEL_COLUMNS, LEAD_STATUSES, LeadStatus, StoredDetection, agentMap } from './model';

/* The detections as a workbook: the export, and the all-or-nothing import. */

export async function detectionsWorkbook(detections: Detection[]): Promise<Buffer> {
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet('Rilevazioni');
  sheet.addRow([...EXCEL_COLUMNS]);
  sheet.getRow(1).font = { bold: true };
  for (const d of detections) {
    sheet.addRow([
      d.detectionDate,
      d.mediaOwner,
      d.brandName,
      d.subject,
      d.agent ? `${d.agent.name} ${d.agent.surname}` : '',
      d.address ?? '',
      d.municipality,
      d.latitude ?? '',
      d.longitude ?? '',
      d.format ?? '',
      d.mediaType ?? '',
      d.leadStatus,
      d.notes ?? '',
    ]);
  }
  sheet.columns.forEach((c) => (c.width = 18));
  return workbookBuffer(workbook);
}

/** The app's Italian labels of the lead statuses (what the list's export writes). */
const LEAD_LABELS = media.detections.lead as Record<string, string>;
const leadStatusOf = labelResolver(LEAD_LABELS, LEAD_STATUSES);

type Column = (typeof EXCEL_COLUMNS)[number];

interface ParsedRow {
  row: number;
  data?: StoredDetection;
  /** Every mistake of the row; no data when there is one. */
  mistakes: ImportMistake[];
}

/**
 * Reads every data row within the operation's limits, from the service's workbook or the list's
 * CSV export: dates Italian (27/11/2026), ISO or Excel date cells, the lead status as its code or
 * Italian label, the agent by name (case and accents ignored; two agents of that name are
 * ambiguous). A row with mistakes carries every one of them instead of data.
 */
export async function parseImport(db: Db, content: Buffer, limits: ReadLimits): Promise<ParsedRow[]> {
  const sheet: SheetRow[] = [];
  try {
    await readTable(content, limits, (row) => sheet.push(row));
  } catch (error) {
    // This service has always answered an unreadable file with 415.
    if (error instanceof HttpError && error.status === 400) throw new HttpError(415, 'Il file non è un foglio di calcolo XLSX o un CSV leggibile');
    throw error;
  }
  const headerRow = sheet[0]?.row === 1 ? sheet.shift()! : { row: 1, cells: [] };
  const header = headerRow.cells.map((c) => normalizeHeader(c ?? ''));
  // A file with the export's headers is read by header (a column it lacks is empty); one without, by position.
  const byHeader = EXCEL_COLUMNS.some((c) => header.includes(normalizeHeader(c)));
  const cols = Object.fromEntries(EXCEL_COLUMNS.map((c, i) => [c, byHeader ? header.indexOf(normalizeHeader(c)) : i])) as Record<Column, number>;
  const agents = await agentMap(db);
  const agentOf = nameResolver([...agents].map(([id, a]) => ({ id, name: `${a.name} ${a.surname}` })), { article: 'gli', plural: 'agenti' });
  const out: ParsedRow[] = [];
  for (const line of sheet) {
    const r = line.row;
    const get = (c: Column) => (cols[c] < 0 ? '' : cellAt(line, cols[c]));
    if (EXCEL_COLUMNS.every((c) => get(c) === '')) continue;
    const mistakes: ImportMistake[] = [];
    const wrong = (column: Column, reason: string) => mistakes.push({ row: r, column, value: get(column), reason });
    const written = get('Data');
    const date = written ? parseDay(written) : undefined;
    if (!written) wrong('Data', 'obbligatoria, manca');
    else if (!date) wrong('Data', 'non è una data (GG/MM/AAAA)');
    for (const c of ['Media owner', 'Brand', 'Soggetto', 'Comune'] as const) if (!get(c)) wrong(c, 'obbligatorio, manca');
    const agentName = get('Agente');
    let agentId: number | undefined;
    if (agentName) {
      const found = agentOf(agentName);
      if ('reason' in found) wrong('Agente', found.reason);
      else agentId = found.value.id;
    }
    const number = (c: 'Latitudine' | 'Longitudine', limit: number) => {
      const text = get(c);
      if (!text) return null;
      const n = Number(text.replace(',', '.'));
      if (!Number.isFinite(n) || Math.abs(n) > limit) {
        wrong(c, `non è un numero da -${limit} a ${limit}`);
        return null;
      }
      return n;
    };
    const latitude = number('Latitudine', 90);
    const longitude = number('Longitudine', 180);
    const statusText = get('Stato lead');
    const status = statusText ? leadStatusOf(statusText) : 'none';
    if (!status) wrong('Stato lead', `non è uno stato del lead (${LEAD_STATUSES.map((x) => LEAD_LABELS[x]).join(', ')})`);
    for (const c of EXCEL_COLUMNS) if (get(c).length > (c === 'Note' ? 2000 : 300)) wrong(c, 'troppo lungo');
    if (mistakes.length) {
      out.push({ row: r, mistakes });
      continue;
    }
    out.push({
      row: r,
      mistakes,
      data: {
        detectionDate: date!,
        mediaOwner: get('Media owner'),
        brandName: get('Brand'),
        subject: get('Soggetto'),
        agentId: agentId ?? null,
        address: get('Indirizzo') || null,
        municipality: get('Comune'),
        latitude,
        longitude,
        format: get('Formato') || null,
        mediaType: get('Tipo media') || null,
        photoIds: [],
        leadStatus: status as LeadStatus,
        leadNote: null,
        notes: get('Note') || null,
        items: {},
      },
    });
  }
  return out;
}
