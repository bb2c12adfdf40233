import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { HttpError } from './http';

/*
 * Workbooks in and out. Reading streams the first worksheet row by row out of the zip, with two
 * bounds the caller states (an operation's `x-max-rows` and `x-max-inflated-bytes`): a file whose
 * parts would inflate past the byte bound, or that holds more data rows than the row bound, is
 * refused while reading, before it costs the memory or the time. Writing goes through ExcelJS.
 */

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ReadLimits {
  /** Data rows (every row after the header) the sheet may hold. */
  maxRows: number;
  /** Bytes the parts read (sheet, shared strings, styles, workbook) may inflate to, all together. */
  maxInflatedBytes: number;
}

/** The limits an operation's document states (see openapi/CONVENTIONS.md). */
export function readLimitsOf(extensions: Record<string, unknown>): ReadLimits {
  const rows = Number(extensions['x-max-rows']);
  const bytes = Number(extensions['x-max-inflated-bytes']);
  if (!Number.isInteger(rows) || rows < 1 || !Number.isInteger(bytes) || bytes < 1) {
    throw new Error('Operazione di importazione senza x-max-rows o x-max-inflated-bytes nel documento');
  }
  return { maxRows: rows, maxInflatedBytes: bytes };
}

export interface SheetRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  /** Cell texts by column, from 0; trimmed, dates as YYYY-MM-DD. */
  cells: string[];
}

/** More parts than a workbook has: a zip of thousands of entries is not a spreadsheet. */
const MAX_ENTRIES = 2000;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const tooManyRows = (max: number) => new HttpError(413, `Il file supera il limite di ${max} righe: dividilo in più file`);
const tooLarge = (max: number) => new HttpError(413, `Il contenuto del file, decompresso, supera ${megabytes(max)}: dividilo in più file`);
const unreadable = () => new HttpError(400, 'Il file non è un foglio Excel (.xlsx) leggibile');

type ZipEntries = Map<string, yauzl.Entry>;

function openZip(content: Buffer): Promise<{ zip: yauzl.ZipFile; entries: ZipEntries }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(content, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(unreadable());
      const entries: ZipEntries = new Map();
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName.replace(/^\/+/, ''), entry);
        if (entries.size > MAX_ENTRIES) {
          zip.close();
          return reject(unreadable());
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve({ zip, entries }));
      zip.on('error', () => reject(unreadable()));
      zip.readEntry();
    });
  });
}

/**
 * Streams one part of the zip through a SAX parser. The entry's declared size counts against the
 * budget before a byte is inflated; yauzl then stops a stream that inflates past what it declared.
 */
async function parsePart(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: { left: number; max: number },
  onParser: (parser: SaxesParser) => void,
): Promise<void> {
  budget.left -= entry.uncompressedSize;
  if (budget.left < 0) throw tooLarge(budget.max);
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (error, s) => (error || !s ? reject(unreadable()) : resolve(s))),
  );
  const parser = new SaxesParser();
  let failed: unknown;
  parser.on('error', (e) => {
    failed ??= e;
  });
  onParser(parser);
  (stream as NodeJS.ReadableStream & { setEncoding(e: string): void }).setEncoding('utf8');
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      parser.write(chunk);
      if (failed) throw unreadable();
    }
    parser.close();
  } catch (error) {
    (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    if (error instanceof HttpError) throw error;
    throw unreadable();
  }
  if (failed) throw unreadable();
}

/** The shared strings, in order (rich text runs joined). */
async function sharedStrings(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, budget: { left: number; max: number }): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string | undefined;
  let inText = false;
  let depthInPhonetic = 0;
  await parsePart(zip, entry, budget, (p) => {
    p.on('opentag', (t) => {
      if (t.name === 'si') current = '';
      else if (t.name === 'rPh') depthInPhonetic++;
      else if (t.name === 't' && !depthInPhonetic) inText = true;
    });
    p.on('closetag', (t) => {
      if (t.name === 'si') {
        strings.push(current ?? '');
        current = undefined;
      } else if (t.name === 'rPh') depthInPhonetic--;
      else if (t.name === 't') inText = false;
    });
    p.on('text', (text) => {
      if (inText && current !== undefined) current += text;
    });
  });
  return strings;
}

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);
const isDateCode = (code: string) => /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));

/** Which cell styles (their index in cellXfs) show a date. */
async function dateStyles(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, budget: { left: number; max: number }): Promise<Set<number>> {
  const dates = new Set<number>();
  if (!entry) return dates;
  const customDates = new Set<number>();
  let inCellXfs = false;
  let index = 0;
  await parsePart(zip, entry, budget, (p) => {
    p.on('opentag', (t) => {
      if (t.name === 'numFmt' && isDateCode(String(t.attributes.formatCode ?? ''))) customDates.add(Number(t.attributes.numFmtId));
      else if (t.name === 'cellXfs') inCellXfs = true;
      else if (t.name === 'xf' && inCellXfs) {
        const id = Number(t.attributes.numFmtId ?? 0);
        if (BUILTIN_DATE_FORMATS.has(id) || customDates.has(id)) dates.add(index);
        index++;
      }
    });
    p.on('closetag', (t) => {
      if (t.name === 'cellXfs') inCellXfs = false;
    });
  });
  return dates;
}

/** The path of the first worksheet, from the workbook and its relationships. */
async function firstSheetPath(zip: yauzl.ZipFile, entries: ZipEntries, budget: { left: number; max: number }): Promise<string> {
  let relId: string | undefined;
  const workbook = entries.get('xl/workbook.xml');
  if (workbook) {
    await parsePart(zip, workbook, budget, (p) =>
      p.on('opentag', (t) => {
        if (t.name === 'sheet' && !relId) relId = String(t.attributes['r:id'] ?? '');
      }),
    );
  }
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  let target: string | undefined;
  if (relId && rels) {
    await parsePart(zip, rels, budget, (p) =>
      p.on('opentag', (t) => {
        if (t.name === 'Relationship' && t.attributes.Id === relId) target = String(t.attributes.Target ?? '');
      }),
    );
  }
  if (!target) return 'xl/worksheets/sheet1.xml';
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

/** Column index (from 0) of a cell reference such as `AB12`. */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

/** An Excel serial day (1900 system) as YYYY-MM-DD, or the full ISO time when it has one. */
function serialDate(serial: number): string {
  const ms = Math.round((serial - 25569) * 86400 * 1000);
  const iso = new Date(ms).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/**
 * Hands the first worksheet's rows to `onRow`, header first, each as the texts of its cells; empty
 * rows are left out. Refuses (413) a file past `limits` while reading it, and (400) a file that is
 * no workbook. The sheet is parsed chunk by chunk as it inflates, so other requests are served
 * between chunks.
 */
export async function readSheet(content: Buffer, limits: ReadLimits, onRow: (row: SheetRow) => void): Promise<void> {
  const { zip, entries } = await openZip(content);
  try {
    const budget = { left: limits.maxInflatedBytes, max: limits.maxInflatedBytes };
    const sheetPath = await firstSheetPath(zip, entries, budget);
    const sheet = entries.get(sheetPath);
    if (!sheet) throw unreadable();
    // Checked before the shared strings are read: a sheet declaring more than the budget is refused at once.
    if (sheet.uncompressedSize > budget.left) throw tooLarge(budget.max);
    const strings = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'), budget);
    const dates = await dateStyles(zip, entries.get('xl/styles.xml'), budget);

    let rowsSeen = 0;
    let rowNumber = 0;
    let cells: string[] = [];
    let cell: { column: number; type: string; style: number; text: string } | undefined;
    let nextColumn = 0;
    let inValue = false;
    await parsePart(zip, sheet, budget, (p) => {
      p.on('opentag', (t) => {
        if (t.name === 'row') {
          rowNumber = t.attributes.r ? Number(t.attributes.r) : rowNumber + 1;
          rowsSeen++;
          // The header plus maxRows data rows; one more is refused before it is read.
          if (rowsSeen > limits.maxRows + 1) throw tooManyRows(limits.maxRows);
          cells = [];
          nextColumn = 0;
        } else if (t.name === 'c') {
          const ref = String(t.attributes.r ?? '');
          const column = ref ? columnOf(ref) : nextColumn;
          nextColumn = column + 1;
          cell = { column, type: String(t.attributes.t ?? 'n'), style: Number(t.attributes.s ?? 0), text: '' };
        } else if ((t.name === 'v' || t.name === 't') && cell) inValue = true;
      });
      p.on('text', (text) => {
        if (inValue && cell) cell.text += text;
      });
      p.on('closetag', (t) => {
        if (t.name === 'v' || t.name === 't') inValue = false;
        else if (t.name === 'c' && cell) {
          cells[cell.column] = cellValue(cell, strings, dates);
          cell = undefined;
        } else if (t.name === 'row' && cells.some((c) => c !== '')) onRow({ row: rowNumber, cells });
      });
    });
  } finally {
    zip.close();
  }
}

function cellValue(cell: { type: string; style: number; text: string }, strings: string[], dates: Set<number>): string {
  const raw = cell.text;
  switch (cell.type) {
    case 's':
      return (strings[Number(raw)] ?? '').trim();
    case 'b':
      return raw === '1' ? 'true' : raw === '0' ? 'false' : '';
    case 'e':
      return '';
    case 'n': {
      if (raw.trim() === '') return '';
      const n = Number(raw);
      if (!Number.isFinite(n)) return raw.trim();
      return dates.has(cell.style) ? serialDate(n) : String(n);
    }
    default:
      return raw.trim();
  }
}

/** A cell's text; an empty string where the row has no cell. */
export const cellAt = (row: SheetRow, column: number) => row.cells[column] ?? '';

/** Header text compared loosely: case, accents, spaces and punctuation ignored. */
export const normalizeHeader = (h: string) =>
  h
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');

/* ---------- writing ---------- */

// ExcelJS is required on the first workbook written, not at start: loading it is a second of the
// sandbox's start on a busy machine, and most runs write no workbook.
const requireCjs = createRequire(import.meta.url);
let excelJs: typeof ExcelJS | undefined;

export function newWorkbook(): ExcelJS.Workbook {
  excelJs ??= requireCjs('exceljs') as typeof ExcelJS;
  const workbook = new excelJs.Workbook();
  workbook.creator = 'Back office OOH';
  return workbook;
}

export async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type { ExcelJS };

/* ---------- import reports ---------- */

/** Rows an import's refusal lists; the rest are counted (`rejectedCount`), so the answer stays small. */
export const MAX_LISTED_REJECTIONS = 100;

export interface Rejection {
  row: number;
  reason: string;
}

/** The first rejected rows by row number, and how many there are in all. */
export function listedRejections<R extends Rejection>(all: R[]): { rejected: R[]; rejectedCount: number } {
  const sorted = [...all].sort((a, b) => a.row - b.row);
  return { rejected: sorted.slice(0, MAX_LISTED_REJECTIONS), rejectedCount: sorted.length };
}

/** "riga 2, riga 5, riga 9 e altre 97": the rows a message names, at most ten. */
export function rowsNamed(rejected: Rejection[], total: number): string {
  const named = rejected.slice(0, 10).map((r) => `riga ${r.row}`);
  const rest = total - named.length;
  return `${named.join(', ')}${rest > 0 ? ` e altre ${rest}` : ''}`;
}

/** A drop-down (or other) validation over a range such as `C2:C5001`; ExcelJS has it, its types do not. */
export function addValidation(sheet: ExcelJS.Worksheet, range: string, validation: ExcelJS.DataValidation): void {
  (sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(range, validation);
}

/* ---------- what the exports write: CSV, Italian dates, labels and names ---------- */

/** Media types a browser gives a `.csv` file (Windows names it after Excel). */
export const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'text/comma-separated-values'];

/** Whether an upload is a CSV: by its media type, or by its name when the type says nothing. */
export const isCsvUpload = (upload: { mediaType: string; fileName?: string }) =>
  CSV_TYPES.includes(upload.mediaType.split(';')[0].trim().toLowerCase()) ||
  (upload.mediaType === 'application/octet-stream' && /\.csv$/i.test(upload.fileName ?? ''));

/** A zip (an .xlsx) starts with `PK`; anything else is read as text. */
const isZip = (content: Buffer) => content.length >= 2 && content[0] === 0x50 && content[1] === 0x4b;

/** A cell the exports' CSV writer protected from spreadsheet formulas (`'=…`) gets its text back. */
const unprotect = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/**
 * The records of a CSV as the lists' exports write it (UTF-8 with or without BOM, `;` or `,` as
 * separator, cells quoted with `"`), to `onRow` as a sheet's rows: numbered from 1 (the header),
 * cells trimmed, empty records left out. More than `limits.maxRows` data records is a 413.
 */
export function readCsv(content: Buffer, limits: ReadLimits, onRow: (row: SheetRow) => void): void {
  if (content.length > limits.maxInflatedBytes) throw tooLarge(limits.maxInflatedBytes);
  const text = content.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw unreadable();
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let row = 0;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    cells.push(unprotect(cell.trim()));
    cell = '';
  };
  const endRow = () => {
    endCell();
    row++;
    if (row > limits.maxRows + 1) throw tooManyRows(limits.maxRows);
    if (cells.some((c) => c !== '')) onRow({ row, cells });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === separator) endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += ch;
  }
  if (cell !== '' || cells.length) endRow();
}

/** An .xlsx workbook or a CSV, whichever `content` is, row by row (see readSheet and readCsv). */
export async function readTable(content: Buffer, limits: ReadLimits, onRow: (row: SheetRow) => void): Promise<void> {
  if (isZip(content)) return readSheet(content, limits, onRow);
  readCsv(content, limits, onRow);
}

const realDay = (y: number, m: number, d: number): string | undefined => {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
};

/**
 * A day as YYYY-MM-DD from what a cell holds: the Italian `27/11/2026` (also `27-11-2026`,
 * `27.11.2026`, `7/1/2026`), ISO `2026-11-27` (a time after it is dropped), or an Excel date cell
 * (read as ISO already). Undefined when it is no real day.
 */
export function parseDay(text: string): string | undefined {
  const value = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (m) return realDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:,?\s+[0-9:.]+)?$/.exec(value);
  if (m) return realDay(Number(m[3]), Number(m[2]), Number(m[1]));
  return undefined;
}

/** A name compared loosely: case, accents and repeated spaces ignored. */
export const nameKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

export type Resolved<T> = { value: T } | { reason: string };

/**
 * Finds a record by the name a cell gives (case and accents ignored), or by its id when the cell
 * is a number: none is named as such, two records of that name are "ambiguo".
 */
export function nameResolver<T extends { id: number; name: string }>(records: T[], among: { article: string; plural: string }): (text: string) => Resolved<T> {
  const byName = new Map<string, T[]>();
  for (const r of records) byName.set(nameKey(r.name), [...(byName.get(nameKey(r.name)) ?? []), r]);
  const byId = new Map(records.map((r) => [r.id, r]));
  return (text) => {
    const found = byName.get(nameKey(text)) ?? [];
    if (found.length === 1) return { value: found[0] };
    if (found.length > 1) return { reason: `nome ambiguo: ${found.length} ${among.plural} si chiamano così (${found.map((r) => `id ${r.id}`).join(', ')})` };
    if (/^[0-9]+$/.test(text.trim()) && byId.has(Number(text))) return { value: byId.get(Number(text))! };
    return { reason: `non è tra ${among.article} ${among.plural}` };
  };
}

/**
 * Finds a code by itself or by its Italian label (the app's label table), case and accents
 * ignored; undefined when it is neither.
 */
export function labelResolver(labels: Record<string, string>, codes: readonly string[] = Object.keys(labels)): (text: string) => string | undefined {
  const byKey = new Map<string, string>();
  for (const code of codes) {
    byKey.set(nameKey(code), code);
    if (labels[code]) byKey.set(nameKey(labels[code]), code);
  }
  return (text) => byKey.get(nameKey(text));
}

/** One mistake of a row: the column's header as the file has it, the value, what is wrong. */
export interface ImportMistake {
  row: number;
  column: string;
  value: string;
  reason: string;
}

/** A refused row: every mistake of it, and their reasons in one sentence. */
export interface RowRejection extends Rejection {
  mistakes: Array<Omit<ImportMistake, 'row'>>;
}

/** `Comune «Milano 2»: comune non trovato`: one mistake as a sentence. */
export const mistakeText = (m: Omit<ImportMistake, 'row'>) => (m.column ? `${m.column}${m.value ? ` «${m.value}»` : ''}: ${m.reason}` : m.reason);

/** The mistakes grouped by row, the rows in order, each with its mistakes in the order found. */
export function rowRejections(mistakes: ImportMistake[]): RowRejection[] {
  const byRow = new Map<number, Array<Omit<ImportMistake, 'row'>>>();
  for (const { row, ...m } of mistakes) byRow.set(row, [...(byRow.get(row) ?? []), m]);
  return [...byRow]
    .sort(([a], [b]) => a - b)
    .map(([row, list]) => ({ row, reason: list.map(mistakeText).join('; '), mistakes: list }));
}
