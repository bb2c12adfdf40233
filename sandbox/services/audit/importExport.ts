import type { Db } from '../../db';
import { cellAt, newWorkbook, readSheet, workbookBuffer, type ReadLimits, type SheetRow } from '../../excel';
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

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) =>
  DATE.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

interface ParsedRow {
  row: number;
  data?: StoredDetection;
  reason?: string;
}

/**
 * Reads every data row within the operation's limits; a row with problems carries every reason
 * instead of data.
 */
export async function parseImport(db: Db, content: Buffer, limits: ReadLimits): Promise<ParsedRow[]> {
  const sheet: SheetRow[] = [];
  try {
    await readSheet(content, limits, (row) => sheet.push(row));
  } catch (error) {
    // This service has always answered an unreadable file with 415.
    if (error instanceof HttpError && error.status === 400) throw new HttpError(415, 'Il file non è un foglio di calcolo XLSX leggibile');
    throw error;
  }
  const headerRow = sheet[0]?.row === 1 ? sheet.shift()! : { row: 1, cells: [] };
  const header = headerRow.cells.map((c) => c ?? '');
  const col = (name: string, fallback: number) => {
    const i = header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
    return i >= 0 ? i : fallback;
  };
  const cols = Object.fromEntries(EXCEL_COLUMNS.map((c, i) => [c, col(c, i)])) as Record<(typeof EXCEL_COLUMNS)[number], number>;
  const agents = await agentMap(db);
  const agentByName = new Map([...agents].map(([id, a]) => [`${a.name} ${a.surname}`.toLowerCase(), id]));
  const out: ParsedRow[] = [];
  for (const line of sheet) {
    const r = line.row;
    const get = (c: (typeof EXCEL_COLUMNS)[number]) => cellAt(line, cols[c]);
    if (EXCEL_COLUMNS.every((c) => get(c) === '')) continue;
    const reasons: string[] = [];
    const date = get('Data');
    if (!date) reasons.push('Data mancante');
    else if (!isRealDate(date)) reasons.push(`Data «${date}» non valida (AAAA-MM-GG)`);
    const required: Array<[(typeof EXCEL_COLUMNS)[number], string]> = [
      ['Media owner', 'Media owner mancante'],
      ['Brand', 'Brand mancante'],
      ['Soggetto', 'Soggetto mancante'],
      ['Comune', 'Comune mancante'],
    ];
    for (const [c, message] of required) if (!get(c)) reasons.push(message);
    const agentName = get('Agente');
    const agentId = agentName ? agentByName.get(agentName.toLowerCase().replace(/\s+/g, ' ')) : undefined;
    if (agentName && !agentId) reasons.push(`Agente «${agentName}» non trovato`);
    const number = (c: 'Latitudine' | 'Longitudine', limit: number) => {
      const text = get(c);
      if (!text) return null;
      const n = Number(text.replace(',', '.'));
      if (!Number.isFinite(n) || Math.abs(n) > limit) {
        reasons.push(`${c} «${text}» non valida`);
        return null;
      }
      return n;
    };
    const latitude = number('Latitudine', 90);
    const longitude = number('Longitudine', 180);
    const status = (get('Stato lead') || 'none') as LeadStatus;
    if (!LEAD_STATUSES.includes(status)) reasons.push(`Stato lead «${status}» non valido`);
    const tooLong = EXCEL_COLUMNS.find((c) => get(c).length > (c === 'Note' ? 2000 : 300));
    if (tooLong) reasons.push(`${tooLong} troppo lungo`);
    if (reasons.length) {
      out.push({ row: r, reason: reasons.join('; ') });
      continue;
    }
    out.push({
      row: r,
      data: {
        detectionDate: date,
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
        leadStatus: status,
        leadNote: null,
        notes: get('Note') || null,
        items: {},
      },
    });
  }
  return out;
}
