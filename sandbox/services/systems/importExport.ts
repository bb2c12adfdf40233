import type { Db } from '../../db';
import { addValidation, cellAt, newWorkbook, normalizeHeader, readSheet, workbookBuffer, type ReadLimits } from '../../excel';
import { HttpError, type HandlerContext, type UploadedFile } from '../../http';
import { searchName } from '../../seed/geodata';
import { DOOH_TYPES, OOH_TYPES, STATUSES, SYSTEM_TYPE_LABELS } from '../../seed/systems';
import { MAX_UPLOAD, S, SystemInput } from './queries';

/* The systems as a workbook: the template, and the all-or-nothing import. */

/** The template's columns: header label, SystemInput field, how to read the cell. */
const COLUMNS: { header: string; key: string; kind: 'text' | 'number' | 'int' | 'bool' | 'ids' | 'list'; note: string }[] = [
  { header: 'Codice', key: 'code', kind: 'text', note: 'Vuoto per un nuovo codice (sigla provincia-numero, es. MI-0001); se esiste, l\'impianto viene aggiornato' },
  { header: 'Nome', key: 'name', kind: 'text', note: 'Obbligatorio' },
  { header: 'Tipo', key: 'type', kind: 'text', note: 'OOH o DOOH, dal menu (obbligatorio)' },
  { header: 'Tipologia', key: 'systemType', kind: 'text', note: 'Dal menu; vedi il foglio "Valori ammessi" (obbligatorio)' },
  { header: 'Stato', key: 'status', kind: 'text', note: `Dal menu: ${STATUSES.join(', ')}` },
  { header: 'Indirizzo', key: 'address', kind: 'text', note: 'Obbligatorio' },
  { header: 'Comune', key: 'municipalityId', kind: 'text', note: 'Dal foglio "Comuni": nome (sigla provincia), es. Bergamo (BG); oppure il codice ISTAT a sei cifre (obbligatorio)' },
  { header: 'CAP', key: 'zipCode', kind: 'text', note: 'Cinque cifre' },
  { header: 'Latitudine', key: 'latitude', kind: 'number', note: 'Obbligatoria, da -90 a 90' },
  { header: 'Longitudine', key: 'longitude', kind: 'number', note: 'Obbligatoria, da -180 a 180' },
  { header: 'Formati', key: 'sizes', kind: 'ids', note: 'Id dei formati separati da ;' },
  { header: 'Domini', key: 'domains', kind: 'list', note: 'Separati da ;' },
  { header: 'Locazione', key: 'leaseId', kind: 'int', note: 'Id della locazione' },
  { header: 'Autorizzazioni', key: 'authorizationIds', kind: 'ids', note: 'Id separati da ;' },
  { header: 'Concessionarie', key: 'mediaOwnerIds', kind: 'ids', note: 'Id separati da ;' },
  { header: 'Area', key: 'areaId', kind: 'int', note: 'Id dell\'area' },
  { header: 'Illuminato', key: 'illuminated', kind: 'bool', note: 'SI o NO, dal menu' },
  { header: 'Facce', key: 'faces', kind: 'int', note: 'Da 1 a 100' },
  { header: 'Note', key: 'notes', kind: 'text', note: 'Testo libero' },
];

/** One row → SystemInput, or every Italian reason it is invalid. */
function rowInput(values: Record<string, string>): SystemInput | string[] {
  const input: Record<string, unknown> = {};
  const reasons: string[] = [];
  for (const c of COLUMNS) {
    const raw = values[c.key] ?? '';
    if (raw === '') continue;
    if (c.kind === 'text') input[c.key] = raw;
    else if (c.kind === 'number' || c.kind === 'int') {
      const n = Number(raw.replace(',', '.'));
      if (!Number.isFinite(n) || (c.kind === 'int' && !Number.isInteger(n))) reasons.push(`${c.header}: "${raw}" non è un numero valido`);
      else input[c.key] = n;
    } else if (c.kind === 'bool') {
      const v = raw.toLowerCase();
      if (['si', 'sì', 'true', '1', 'x'].includes(v)) input[c.key] = true;
      else if (['no', 'false', '0'].includes(v)) input[c.key] = false;
      else reasons.push(`${c.header}: "${raw}" non è SI o NO`);
    } else {
      const parts = raw.split(/[;,]/).map((p) => p.trim()).filter(Boolean);
      if (c.kind === 'list') input[c.key] = [...new Set(parts)];
      else {
        const ids = parts.map(Number);
        if (ids.some((n) => !Number.isInteger(n) || n < 1)) reasons.push(`${c.header}: "${raw}" non è un elenco di id`);
        else input[c.key] = c.key === 'sizes' ? [...new Set(ids)].map((sizeId) => ({ sizeId })) : [...new Set(ids)];
      }
    }
  }
  const missing: string[] = [];
  if (!input.name) missing.push('nome');
  if (!input.type) missing.push('tipo');
  if (!input.systemType) missing.push('tipologia');
  if (!input.address) missing.push('indirizzo');
  if (!input.municipalityId) missing.push('comune');
  if (input.latitude === undefined && !reasons.some((r) => r.startsWith('Latitudine'))) missing.push('latitudine');
  if (input.longitude === undefined && !reasons.some((r) => r.startsWith('Longitudine'))) missing.push('longitudine');
  if (missing.length) reasons.push(`${missing.join(', ')} mancant${missing.length > 1 ? 'i' : 'e'}`);
  if (input.type !== undefined && input.type !== 'OOH' && input.type !== 'DOOH') reasons.push(`tipo "${String(input.type)}" non valido (OOH o DOOH)`);
  if (input.systemType !== undefined && !(OOH_TYPES as readonly string[]).includes(String(input.systemType))) reasons.push(`tipologia "${String(input.systemType)}" non valida`);
  if (input.status !== undefined && !(STATUSES as readonly string[]).includes(String(input.status))) reasons.push(`stato "${String(input.status)}" non valido`);
  if (input.code !== undefined && !/^[A-Z]{2}-[0-9]{4,}$/.test(String(input.code))) reasons.push(`codice "${String(input.code)}" non valido (es. MI-0001)`);
  if (input.zipCode !== undefined && !/^[0-9]{5}$/.test(String(input.zipCode))) reasons.push(`CAP "${String(input.zipCode)}" non valido`);
  if (input.latitude !== undefined && (Number(input.latitude) < -90 || Number(input.latitude) > 90)) reasons.push(`latitudine ${String(input.latitude)} fuori intervallo`);
  if (input.longitude !== undefined && (Number(input.longitude) < -180 || Number(input.longitude) > 180)) reasons.push(`longitudine ${String(input.longitude)} fuori intervallo`);
  if (input.faces !== undefined && (Number(input.faces) < 1 || Number(input.faces) > 100)) reasons.push('facce: da 1 a 100');
  if (input.name !== undefined && String(input.name).length > 200) reasons.push('nome troppo lungo (massimo 200 caratteri)');
  if (input.address !== undefined && String(input.address).length > 300) reasons.push('indirizzo troppo lungo (massimo 300 caratteri)');
  return reasons.length ? reasons : (input as unknown as SystemInput);
}

/* ---------- municipalities by name and province ---------- */

export interface Municipality {
  istatCode: string;
  name: string;
  province: string;
  provinceName: string;
}

export async function municipalities(db: Db): Promise<Municipality[]> {
  const { rows } = await db.query<{ istat_code: string; name: string; province_code: string; province_name: string }>(
    `SELECT m.istat_code, m.name, m.province_code, p.name AS province_name
       FROM geo_municipalities m JOIN geo_provinces p ON p.code = m.province_code ORDER BY m.name, m.province_code`,
  );
  return rows.map((r) => ({ istatCode: r.istat_code, name: r.name, province: r.province_code, provinceName: r.province_name }));
}

/** How the template's list names a municipality: `Bergamo (BG)`. */
export const municipalityLabel = (m: Municipality) => `${m.name} (${m.province})`;

/**
 * Finds the municipality a cell names: a six-digit ISTAT code, or a name with its province
 * (`Bergamo (BG)`, `Bergamo, BG`, `Bergamo, Bergamo`), or a name alone that only one
 * municipality has. Case and accents are ignored. An Italian reason when none or several match.
 */
export function municipalityResolver(all: Municipality[]): (text: string) => { istatCode: string } | { reason: string } {
  const byName = new Map<string, Municipality[]>();
  for (const m of all) {
    for (const variant of [m.name, ...m.name.split('/')]) {
      const key = searchName(variant);
      byName.set(key, [...(byName.get(key) ?? []), m]);
    }
  }
  const codes = new Set(all.map((m) => m.istatCode));
  return (text) => {
    const value = text.trim();
    if (/^[0-9]{6}$/.test(value)) return codes.has(value) ? { istatCode: value } : { reason: `codice ISTAT "${value}" non trovato` };
    const m = /^(.*?)\s*(?:\(([^)]*)\)|,\s*(.+))\s*$/.exec(value);
    const name = m ? m[1] : value;
    const province = m ? (m[2] ?? m[3] ?? '').trim() : '';
    let found = byName.get(searchName(name)) ?? [];
    if (province) {
      const wanted = searchName(province);
      found = found.filter((x) => x.province === province.toUpperCase() || searchName(x.provinceName) === wanted);
    }
    const distinct = [...new Map(found.map((x) => [x.istatCode, x])).values()];
    if (distinct.length === 1) return { istatCode: distinct[0].istatCode };
    if (!distinct.length) return { reason: `comune "${value}" non trovato${province ? '' : ' (indica anche la provincia, es. Bergamo (BG))'}` };
    return { reason: `comune "${value}" ambiguo: indica la provincia (${distinct.map(municipalityLabel).join(', ')})` };
  };
}

export function requireFile(ctx: HandlerContext, allowed: string[], message: string): UploadedFile {
  const upload = ctx.files.find((f) => f.fieldName === 'file') ?? ctx.files[0];
  if (!upload) throw new HttpError(400, 'Nessun file ricevuto');
  if (upload.size > MAX_UPLOAD) throw new HttpError(413, 'Il file supera la dimensione massima di 10 MB');
  if (!allowed.includes(upload.mediaType)) throw new HttpError(415, `${message} (ricevuto: ${upload.mediaType})`);
  return upload;
}

/** Rows of the template that get the drop-down lists: the import's whole row limit. */
const TEMPLATE_ROWS = 5000;

const columnLetter = (key: string) => String.fromCharCode(65 + COLUMNS.findIndex((c) => c.key === key));

/**
 * The template: the systems sheet with drop-down lists (type, system type, status, yes/no and
 * municipality), the allowed values with their meaning, and every municipality.
 */
export async function templateWorkbook(db: Db): Promise<Buffer> {
  const wb = newWorkbook();
  const sheet = wb.addWorksheet('Impianti');
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: Math.max(14, c.header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  COLUMNS.forEach((c, i) => {
    sheet.getRow(1).getCell(i + 1).note = c.note;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  // The lists the drop-downs read, one column each.
  const lists = wb.addWorksheet('Elenchi', { state: 'hidden' });
  const listColumns: Array<[key: string, values: readonly string[]]> = [
    ['type', ['OOH', 'DOOH']],
    ['systemType', OOH_TYPES],
    ['status', STATUSES],
    ['illuminated', ['SI', 'NO']],
  ];
  listColumns.forEach(([key, values], i) => {
    const letter = String.fromCharCode(65 + i);
    lists.getCell(`${letter}1`).value = COLUMNS.find((c) => c.key === key)!.header;
    values.forEach((v, j) => (lists.getCell(`${letter}${j + 2}`).value = v));
    addValidation(sheet, `${columnLetter(key)}2:${columnLetter(key)}${TEMPLATE_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`Elenchi!$${letter}$2:$${letter}$${values.length + 1}`],
      showErrorMessage: true,
      errorStyle: 'error',
      errorTitle: COLUMNS.find((c) => c.key === key)!.header,
      error: 'Scegli un valore dal menu',
    });
  });

  const places = await municipalities(db);
  const towns = wb.addWorksheet('Comuni');
  towns.columns = [
    { header: 'Comune', key: 'label', width: 36 },
    { header: 'Provincia', key: 'province', width: 24 },
    { header: 'Codice ISTAT', key: 'istatCode', width: 14 },
  ];
  towns.getRow(1).font = { bold: true };
  for (const m of places) towns.addRow({ label: municipalityLabel(m), province: m.provinceName, istatCode: m.istatCode });
  // A code typed by hand is accepted too, so the list warns rather than refuses.
  addValidation(sheet, `${columnLetter('municipalityId')}2:${columnLetter('municipalityId')}${TEMPLATE_ROWS + 1}`, {
    type: 'list',
    allowBlank: true,
    formulae: [`Comuni!$A$2:$A$${places.length + 1}`],
    showErrorMessage: true,
    errorStyle: 'warning',
    errorTitle: 'Comune',
    error: 'Scegli un comune dal foglio Comuni, oppure scrivi il codice ISTAT a sei cifre',
  });

  const values = wb.addWorksheet('Valori ammessi');
  values.columns = [
    { header: 'Campo', key: 'field', width: 22 },
    { header: 'Valore', key: 'value', width: 22 },
    { header: 'Descrizione', key: 'label', width: 44 },
  ];
  values.getRow(1).font = { bold: true };
  for (const t of ['OOH', 'DOOH']) values.addRow({ field: 'Tipo', value: t, label: t === 'OOH' ? 'Tradizionale' : 'Digitale' });
  for (const code of OOH_TYPES) {
    const dooh = (DOOH_TYPES as readonly string[]).includes(code);
    values.addRow({ field: 'Tipologia', value: code, label: `${SYSTEM_TYPE_LABELS[code]} (${dooh ? 'OOH e DOOH' : 'solo OOH'})` });
  }
  for (const s of STATUSES) values.addRow({ field: 'Stato', value: s, label: s });
  const lookup = async (field: string, sql: string) => {
    const { rows } = await db.query<{ id: string; label: string }>(sql);
    for (const r of rows) values.addRow({ field, value: Number(r.id), label: r.label });
  };
  await lookup('Formati', "SELECT id, name || ' (' || type || ')' AS label FROM system_sizes ORDER BY id");
  await lookup('Locazione', 'SELECT id, name AS label FROM system_leases ORDER BY id');
  await lookup('Autorizzazioni', 'SELECT id, name AS label FROM system_authorizations ORDER BY id');
  await lookup('Concessionarie', 'SELECT id, name AS label FROM system_media_owners ORDER BY id');
  await lookup('Area', "SELECT id, name || ' (' || type || ')' AS label FROM system_areas ORDER BY id");
  values.addRow({ field: 'Illuminato', value: 'SI', label: 'oppure NO' });
  return workbookBuffer(wb);
}

interface ParsedRow {
  row: number;
  input: SystemInput;
}

/** Headers an older template used, still read. */
const OLD_HEADERS: Record<string, string> = { 'Codice ISTAT comune': 'municipalityId' };

/**
 * Reads the workbook within the operation's limits: every valid data row as a SystemInput (its
 * municipality still as written), and every reason of each invalid one.
 */
export async function parseImport(content: Buffer, limits: ReadLimits): Promise<{ rows: ParsedRow[]; rejected: S['ImportRejection'][] }> {
  const byHeader = new Map<string, string>();
  for (const c of COLUMNS) {
    byHeader.set(normalizeHeader(c.header), c.key);
    byHeader.set(normalizeHeader(c.key), c.key);
  }
  for (const [header, key] of Object.entries(OLD_HEADERS)) byHeader.set(normalizeHeader(header), key);
  let keys: Map<number, string> | undefined;
  const rows: ParsedRow[] = [];
  const rejected: S['ImportRejection'][] = [];
  await readSheet(content, limits, (line) => {
    if (!keys) {
      keys = new Map();
      line.cells.forEach((text, col) => {
        const key = byHeader.get(normalizeHeader(text ?? ''));
        if (key) keys!.set(col, key);
      });
      for (const required of ['name', 'type', 'systemType', 'address', 'municipalityId', 'latitude', 'longitude']) {
        if (![...keys.values()].includes(required)) {
          const header = COLUMNS.find((c) => c.key === required)!.header;
          throw new HttpError(400, `Il file non segue il modello: manca la colonna "${header}"`);
        }
      }
      return;
    }
    const values: Record<string, string> = {};
    for (const [col, key] of keys) values[key] = cellAt(line, col);
    const input = rowInput(values);
    if (Array.isArray(input)) rejected.push({ row: line.row, reason: input.join('; ') });
    else rows.push({ row: line.row, input });
  });
  if (!keys) throw new HttpError(400, 'Il file non contiene righe da importare');
  return { rows, rejected };
}
