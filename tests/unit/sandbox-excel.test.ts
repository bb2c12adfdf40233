import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { listedRejections, MAX_LISTED_REJECTIONS, readSheet, rowsNamed, type SheetRow } from '../../sandbox/excel';
import { HttpError } from '../../sandbox/http';

/* sandbox/excel.ts: the streaming workbook reader and its limits, and the capped rejection list. */

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Foglio');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A real workbook whose first sheet is replaced by `inflated` bytes of XML (compressed to almost nothing). */
async function bomb(inflated: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await workbook([['Nome'], ['a']]));
  const head = '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>';
  const tail = '</t></is></c></row></sheetData></worksheet>';
  zip.file('xl/worksheets/sheet1.xml', head + 'A'.repeat(inflated) + tail);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

async function read(content: Buffer, maxRows = 100, maxInflatedBytes = 1024 * 1024) {
  const rows: SheetRow[] = [];
  try {
    await readSheet(content, { maxRows, maxInflatedBytes }, (r) => rows.push(r));
    return { rows };
  } catch (error) {
    return { rows, error };
  }
}

describe('sandbox workbook reader', () => {
  it('reads the first sheet row by row as texts: shared strings, numbers, dates, booleans, empty cells', async () => {
    const { rows, error } = await read(await workbook([['Nome', 'Numero', 'Data', 'Sì'], ['Alfa', 12.5, new Date(Date.UTC(2026, 2, 1)), true], [], ['Beta', null, null, false]]));
    expect(error).toBeUndefined();
    expect(rows.map((r) => r.row)).toEqual([1, 2, 4]);
    expect(rows[1].cells).toEqual(['Alfa', '12.5', '2026-03-01', 'true']);
    expect(rows[2].cells[0]).toBe('Beta');
    expect(rows[2].cells[3]).toBe('false');
  });

  it('refuses (413) a sheet that would inflate past the limit, before reading a row of it', async () => {
    const content = await bomb(3 * 1024 * 1024);
    expect(content.length).toBeLessThan(64 * 1024);
    const { rows, error } = await read(content, 100, 1024 * 1024);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(413);
    expect((error as HttpError).message).toMatch(/decompresso/);
    expect(rows).toEqual([]);
  });

  it('refuses (413) a sheet past the row limit while streaming: no row after the limit is handed on', async () => {
    const data = Array.from({ length: 50 }, (_, i) => [`Riga ${i + 1}`]);
    const { rows, error } = await read(await workbook([['Nome'], ...data]), 10);
    expect((error as HttpError).status).toBe(413);
    expect((error as HttpError).message).toMatch(/10 righe/);
    expect(rows.length).toBeLessThanOrEqual(11);
  });

  it('accepts exactly the row limit (the header not counted)', async () => {
    const data = Array.from({ length: 10 }, (_, i) => [`Riga ${i + 1}`]);
    const { rows, error } = await read(await workbook([['Nome'], ...data]), 10);
    expect(error).toBeUndefined();
    expect(rows).toHaveLength(11);
  });

  it('refuses (400) bytes that are no workbook', async () => {
    const { error } = await read(Buffer.from('non è un file zip'));
    expect((error as HttpError).status).toBe(400);
  });
});

describe('import rejection lists', () => {
  it('lists the first 100 rejected rows by row number and counts them all', () => {
    const all = Array.from({ length: 250 }, (_, i) => ({ row: 251 - i, reason: 'Data mancante' }));
    const { rejected, rejectedCount } = listedRejections(all);
    expect(MAX_LISTED_REJECTIONS).toBe(100);
    expect(rejected).toHaveLength(100);
    expect(rejectedCount).toBe(250);
    expect(rejected[0].row).toBe(2);
    expect(rejected[99].row).toBe(101);
    expect(rowsNamed(rejected, rejectedCount)).toBe('riga 2, riga 3, riga 4, riga 5, riga 6, riga 7, riga 8, riga 9, riga 10, riga 11 e altre 240');
  });
});
