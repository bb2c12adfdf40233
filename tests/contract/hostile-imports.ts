import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { fileBytes } from './client';
import type { Operation } from './document';
import { declaredRefusal, type Expectation, type FilePart, type RequestCase, type RequestSpec } from './requests';

/*
 * Invalid cases for spreadsheet imports (operations with `x-max-rows`, openapi/CONVENTIONS.md):
 * a decompression bomb (a small .xlsx whose sheet inflates to about 300 MB) and a workbook of
 * 200,000 rows (about 1 MB). Both must be refused with 413 while the file is read. The workbooks
 * are made here, from the suite's own valid .xlsx, never committed.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SHEET = 'xl/worksheets/sheet1.xml';
const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

export const BOMB_INFLATED_BYTES = 300 * 1024 * 1024;
export const MANY_ROWS = 200_000;

async function withSheet(sheet: string | Readable): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await fileBytes('xlsx'));
  zip.file(SHEET, sheet);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

let bombCache: Promise<Uint8Array> | undefined;
/** One cell of ~300 MB of spaces, streamed into the deflater a megabyte at a time. */
export function bombWorkbook(inflated = BOMB_INFLATED_BYTES): Promise<Uint8Array> {
  if (inflated === BOMB_INFLATED_BYTES && bombCache) return bombCache;
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  async function* parts() {
    yield Buffer.from(`${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>`);
    for (let sent = 0; sent < inflated; sent += chunk.length) yield chunk;
    yield Buffer.from(`</t></is></c></row>${SHEET_TAIL}`);
  }
  const made = withSheet(Readable.from(parts()));
  if (inflated === BOMB_INFLATED_BYTES) bombCache = made;
  return made;
}

let rowsCache: Promise<Uint8Array> | undefined;
/** The columns an import requires (the systems template's), so the rows are what gets refused. */
const HEADERS = ['Nome', 'Tipo', 'Tipologia', 'Indirizzo', 'Comune', 'Latitudine', 'Longitudine'];

/** A header and `rows` rows of one short cell each. */
export function manyRowsWorkbook(rows = MANY_ROWS): Promise<Uint8Array> {
  if (rows === MANY_ROWS && rowsCache) return rowsCache;
  const header = HEADERS.map((h, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${h}</t></is></c>`).join('');
  const lines = [`${SHEET_HEAD}<row r="1">${header}</row>`];
  for (let r = 2; r <= rows + 1; r++) lines.push(`<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>R${r}</t></is></c></row>`);
  lines.push(SHEET_TAIL);
  const made = withSheet(lines.join(''));
  if (rows === MANY_ROWS) rowsCache = made;
  return made;
}

/** The bomb and the 200,000-row workbook, for an import operation (others get none). */
export async function hostileImportCases(op: Operation, valid: RequestSpec): Promise<RequestCase[]> {
  const maxRows = Number((op.raw as { 'x-max-rows'?: unknown })['x-max-rows']);
  const body = valid.body;
  if (!Number.isInteger(maxRows) || body?.type !== 'multipart' || !body.files.length) return [];
  const replaced = (fileName: string, content: Uint8Array): RequestSpec => {
    const file: FilePart = { ...body.files[0], fileName, mediaType: XLSX, kind: 'xlsx', content };
    return { ...valid, body: { ...body, files: [file, ...body.files.slice(1)] } };
  };
  const bomb = await bombWorkbook();
  const many = await manyRowsWorkbook();
  const expect: Expectation = declaredRefusal(op, 413);
  return [
    {
      id: 'body.xlsx.bomb',
      label: `decompression bomb: ${Math.round(bomb.length / 1024)} KB inflating to ${BOMB_INFLATED_BYTES / 1024 / 1024} MB → 413`,
      request: replaced('bomba.xlsx', bomb),
      expect,
      handlerLevel: true,
    },
    {
      id: 'body.xlsx.rows',
      label: `${MANY_ROWS.toLocaleString('en')} rows (${Math.round(many.length / 1024)} KB) past x-max-rows ${maxRows} → 413`,
      request: replaced('righe.xlsx', many),
      expect,
      handlerLevel: true,
    },
  ];
}
