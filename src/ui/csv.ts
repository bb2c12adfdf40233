import { saveBlob } from '@/api/http';

/*
 * The one CSV writer: every list export and every analytics chart writes
 * through it. Italian Excel reads `;` as the separator, a decimal comma, and needs the BOM to
 * read UTF-8 accents.
 */

export type CsvCell = string | number | boolean | null | undefined;

/**
 * A cell that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, carriage return at
 * the start) gets a leading apostrophe, so `=HYPERLINK(...)` arrives as text (OWASP CSV injection).
 * Numbers are not touched: a negative amount stays a number.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function cellText(value: CsvCell): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  if (typeof value === 'boolean') return value ? 'Sì' : 'No';
  const safe = neutralise(value);
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Header and rows as the text of an Italian-Excel CSV (BOM, `;`, CRLF). */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cellText).join(';')).join('\r\n')}\r\n`;
}

/** Writes the CSV and hands it to the browser as a download. */
export function downloadCsv(
  fileName: string,
  header: readonly string[],
  rows: ReadonlyArray<readonly CsvCell[]>,
): void {
  saveBlob(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}
