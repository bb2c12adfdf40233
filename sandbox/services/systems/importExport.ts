import type { Db } from '../../db';
import { patrimonio } from '../../../src/i18n/it/patrimonio';
import {
  addValidation,
  cellAt,
  labelResolver,
  listedRejections,
  nameResolver,
  newWorkbook,
  normalizeHeader,
  readTable,
  rowRejections,
  rowsNamed,
  workbookBuffer,
  type ImportMistake,
  type ReadLimits,
  type Resolved,
} from '../../excel';
import { HttpError, type HandlerContext, type UploadedFile } from '../../http';
import { searchName } from '../../seed/geodata';
import { DOOH_TYPES, OOH_TYPES, STATUSES, SYSTEM_TYPE_LABELS } from '../../seed/systems';
import { MAX_UPLOAD, S, System, SystemInput, systemById } from './queries';
import { writeSystem } from './writes';

/* The systems as a workbook: the template, and the all-or-nothing import. */

/** The template's columns: header label, SystemInput field, how to read the cell. */
const COLUMNS: { header: string; key: string; kind: 'text' | 'number' | 'int' | 'bool' | 'ids' | 'list' | 'ref' | 'refs'; note: string }[] = [
  { header: 'Codice', key: 'code', kind: 'text', note: 'Vuoto per un nuovo codice (sigla provincia-numero, es. MI-0001); se esiste, l\'impianto viene aggiornato' },
  { header: 'Nome', key: 'name', kind: 'text', note: 'Obbligatorio' },
  { header: 'Tipo', key: 'type', kind: 'text', note: 'OOH o DOOH, dal menu (obbligatorio)' },
  { header: 'Tipologia', key: 'systemType', kind: 'text', note: 'Dal menu, il codice o il nome (es. poster o Palo luce); vedi il foglio "Valori ammessi" (obbligatorio)' },
  { header: 'Stato', key: 'status', kind: 'text', note: `Dal menu: ${STATUSES.join(', ')}; oppure il nome (es. Attivo)` },
  { header: 'Indirizzo', key: 'address', kind: 'text', note: 'Obbligatorio' },
  { header: 'Comune', key: 'municipalityId', kind: 'text', note: 'Dal foglio "Comuni": nome (sigla provincia), es. Bergamo (BG); oppure il codice ISTAT a sei cifre (obbligatorio)' },
  { header: 'CAP', key: 'zipCode', kind: 'text', note: 'Cinque cifre' },
  { header: 'Latitudine', key: 'latitude', kind: 'number', note: 'Obbligatoria, da -90 a 90' },
  { header: 'Longitudine', key: 'longitude', kind: 'number', note: 'Obbligatoria, da -180 a 180' },
  { header: 'Formati', key: 'sizes', kind: 'ids', note: 'Id dei formati separati da ;' },
  { header: 'Domini', key: 'domains', kind: 'list', note: 'Separati da ;' },
  { header: 'Locazione', key: 'leaseId', kind: 'ref', note: 'Nome (o id) della locazione' },
  { header: 'Autorizzazioni', key: 'authorizationIds', kind: 'refs', note: 'Nomi (o id) separati da ;' },
  { header: 'Concessionarie', key: 'mediaOwnerIds', kind: 'refs', note: 'Nomi (o id) separati da ;' },
  { header: 'Area', key: 'areaId', kind: 'ref', note: 'Nome (o id) dell\'area' },
  { header: 'Illuminato', key: 'illuminated', kind: 'bool', note: 'SI o NO, dal menu' },
  { header: 'Facce', key: 'faces', kind: 'int', note: 'Da 1 a 100' },
  { header: 'Note', key: 'notes', kind: 'text', note: 'Testo libero' },
];

/** A reference column's cell, as written: resolved by name (or id) against the database. */
type RefKey = 'leaseId' | 'authorizationIds' | 'mediaOwnerIds' | 'areaId';

type Mistake = Omit<ImportMistake, 'row'>;

/** The app's Italian labels of the types and statuses (what the list's export writes). */
const TYPE_LABELS = patrimonio.systems.systemTypes as Record<string, string>;
const STATUS_LABELS = patrimonio.systems.statuses as Record<string, string>;
const systemTypeOf = labelResolver(TYPE_LABELS, OOH_TYPES);
const statusOf = labelResolver(STATUS_LABELS, STATUSES);
const kindOf = labelResolver({ OOH: 'OOH', DOOH: 'DOOH' });

/** One row → the SystemInput it gives (the references still as written), and every mistake of it. */
function rowInput(values: Record<string, string>, header: (key: string) => string): { input: Record<string, unknown>; refs: Partial<Record<RefKey, string>>; mistakes: Mistake[] } {
  const input: Record<string, unknown> = {};
  const refs: Partial<Record<RefKey, string>> = {};
  const mistakes: Mistake[] = [];
  const wrong = (key: string, value: string, reason: string) => mistakes.push({ column: header(key), value, reason });
  for (const c of COLUMNS) {
    const raw = values[c.key] ?? '';
    if (raw === '') continue;
    if (c.kind === 'text') input[c.key] = raw;
    else if (c.kind === 'ref' || c.kind === 'refs') refs[c.key as RefKey] = raw;
    else if (c.kind === 'number' || c.kind === 'int') {
      const n = Number(raw.replace(',', '.'));
      if (!Number.isFinite(n) || (c.kind === 'int' && !Number.isInteger(n))) wrong(c.key, raw, 'non è un numero valido');
      else input[c.key] = n;
    } else if (c.kind === 'bool') {
      const v = raw.toLowerCase();
      if (['si', 'sì', 'true', '1', 'x'].includes(v)) input[c.key] = true;
      else if (['no', 'false', '0'].includes(v)) input[c.key] = false;
      else wrong(c.key, raw, 'non è SI o NO');
    } else {
      const parts = raw.split(/[;,]/).map((p) => p.trim()).filter(Boolean);
      if (c.kind === 'list') input[c.key] = [...new Set(parts)];
      else {
        const ids = parts.map(Number);
        if (ids.some((n) => !Number.isInteger(n) || n < 1)) wrong(c.key, raw, 'non è un elenco di id');
        else input[c.key] = c.key === 'sizes' ? [...new Set(ids)].map((sizeId) => ({ sizeId })) : [...new Set(ids)];
      }
    }
  }
  const wrongAlready = new Set(mistakes.map((m) => m.column));
  for (const key of ['name', 'type', 'systemType', 'address', 'municipalityId', 'latitude', 'longitude']) {
    if (input[key] === undefined && !wrongAlready.has(header(key))) wrong(key, '', 'obbligatorio, manca');
  }
  if (input.type !== undefined) {
    const kind = kindOf(String(input.type));
    if (kind) input.type = kind;
    else wrong('type', String(input.type), 'non valido (OOH o DOOH)');
  }
  if (input.systemType !== undefined) {
    const code = systemTypeOf(String(input.systemType));
    if (code) input.systemType = code;
    else wrong('systemType', String(input.systemType), 'non è una tipologia');
  }
  if (input.status !== undefined) {
    const code = statusOf(String(input.status));
    if (code) input.status = code;
    else wrong('status', String(input.status), `non è uno stato (${STATUSES.map((x) => STATUS_LABELS[x]).join(', ')})`);
  }
  if (input.type === 'DOOH' && input.systemType !== undefined && systemTypeOf(String(input.systemType)) && !(DOOH_TYPES as readonly string[]).includes(String(input.systemType))) {
    wrong('systemType', values.systemType, `un impianto DOOH è di tipologia ${DOOH_TYPES.map((x) => SYSTEM_TYPE_LABELS[x]).join(', ')}`);
  }
  if (input.code !== undefined && !/^[A-Z]{2}-[0-9]{4,}$/.test(String(input.code))) wrong('code', String(input.code), 'non è un codice (es. MI-0001)');
  if (input.zipCode !== undefined && !/^[0-9]{5}$/.test(String(input.zipCode))) wrong('zipCode', String(input.zipCode), 'non è un CAP (cinque cifre)');
  if (input.latitude !== undefined && (Number(input.latitude) < -90 || Number(input.latitude) > 90)) wrong('latitude', values.latitude, 'fuori intervallo (da -90 a 90)');
  if (input.longitude !== undefined && (Number(input.longitude) < -180 || Number(input.longitude) > 180)) wrong('longitude', values.longitude, 'fuori intervallo (da -180 a 180)');
  if (input.faces !== undefined && (Number(input.faces) < 1 || Number(input.faces) > 100)) wrong('faces', values.faces, 'da 1 a 100');
  if (input.name !== undefined && String(input.name).length > 200) wrong('name', String(input.name).slice(0, 40), 'troppo lungo (massimo 200 caratteri)');
  if (input.address !== undefined && String(input.address).length > 300) wrong('address', String(input.address).slice(0, 40), 'troppo lungo (massimo 300 caratteri)');
  return { input, refs, mistakes };
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
  /** The reference cells as written, resolved by resolveReferences. */
  refs: Partial<Record<RefKey, string>>;
  /** The SystemInput fields the file has a column for; an update keeps the others as they are. */
  present: Set<string>;
  /** The province a column of its own gives (as the lists' export writes it). */
  province?: string;
}

/** Headers an older template, or the systems list's export, used: still read. */
const OTHER_HEADERS: Record<string, string> = { 'Codice ISTAT comune': 'municipalityId', Provincia: 'province', Regione: 'region', 'Modificato il': 'updatedAt' };

/** The parsed file: every row, with the headers as the file writes them, and every mistake found so far. */
export interface ParsedImport {
  rows: ParsedRow[];
  mistakes: ImportMistake[];
  header: (key: string) => string;
}

/**
 * Reads the workbook (or the CSV a list export writes) within the operation's limits: every data
 * row as a SystemInput (its municipality and references still as written), and every mistake of
 * every row.
 */
export async function parseImport(content: Buffer, limits: ReadLimits): Promise<ParsedImport> {
  const byHeader = new Map<string, string>();
  for (const c of COLUMNS) {
    byHeader.set(normalizeHeader(c.header), c.key);
    byHeader.set(normalizeHeader(c.key), c.key);
  }
  for (const [header, key] of Object.entries(OTHER_HEADERS)) byHeader.set(normalizeHeader(header), key);
  let keys: Map<number, string> | undefined;
  const written = new Map<string, string>();
  const header = (key: string) => written.get(key) ?? COLUMNS.find((c) => c.key === key)?.header ?? key;
  const rows: ParsedRow[] = [];
  const mistakes: ImportMistake[] = [];
  await readTable(content, limits, (line) => {
    if (!keys) {
      keys = new Map();
      line.cells.forEach((text, col) => {
        const key = byHeader.get(normalizeHeader(text ?? ''));
        if (key && ![...keys!.values()].includes(key)) {
          keys!.set(col, key);
          written.set(key, text.trim());
        }
      });
      for (const required of ['name', 'type', 'systemType', 'address', 'municipalityId', 'latitude', 'longitude']) {
        if (![...keys.values()].includes(required)) {
          throw new HttpError(400, `Il file non segue il modello: manca la colonna "${header(required)}"`);
        }
      }
      return;
    }
    const values: Record<string, string> = {};
    for (const [col, key] of keys) values[key] = cellAt(line, col);
    const { input, refs, mistakes: found } = rowInput(values, header);
    mistakes.push(...found.map((m) => ({ row: line.row, ...m })));
    rows.push({ row: line.row, input: input as unknown as SystemInput, refs, present: new Set(keys.values()), province: values.province || undefined });
  });
  if (!keys) throw new HttpError(400, 'Il file non contiene righe da importare');
  return { rows, mistakes, header };
}

const LOOKUPS: Record<RefKey, { table: string; what: { article: string; plural: string } }> = {
  leaseId: { table: 'system_leases', what: { article: 'le', plural: 'locazioni' } },
  authorizationIds: { table: 'system_authorizations', what: { article: 'le', plural: 'autorizzazioni' } },
  mediaOwnerIds: { table: 'system_media_owners', what: { article: 'le', plural: 'concessionarie' } },
  areaId: { table: 'system_areas', what: { article: 'le', plural: 'aree' } },
};

/**
 * Resolves every row's municipality (ISTAT code, or name with or without its province, the
 * province also from a column of its own) and references (lease, authorizations, media owners,
 * area) by name or id, case and accents ignored; a name two records share is ambiguous. Each
 * one that does not resolve is a mistake of its row.
 */
export async function resolveReferences(db: Db, parsed: ParsedImport): Promise<ImportMistake[]> {
  const mistakes: ImportMistake[] = [];
  const town = municipalityResolver(await municipalities(db));
  const resolvers = {} as Record<RefKey, (text: string) => Resolved<{ id: number; name: string; type?: string }>>;
  const areasOfKind = new Map<string, (text: string) => Resolved<{ id: number; name: string }>>();
  for (const [key, { table, what }] of Object.entries(LOOKUPS) as Array<[RefKey, (typeof LOOKUPS)[RefKey]]>) {
    const { rows } = await db.query<{ id: string; name: string; type?: string }>(`SELECT * FROM ${table} ORDER BY id`);
    const records = rows.map((r) => ({ id: Number(r.id), name: r.name, type: r.type }));
    if (key === 'areaId') for (const kind of ['OOH', 'DOOH']) areasOfKind.set(kind, nameResolver(records.filter((x) => x.type === kind), what));
    resolvers[key] = nameResolver(records, what);
  }
  for (const r of parsed.rows) {
    const wrong = (key: string, value: string, reason: string) => mistakes.push({ row: r.row, column: parsed.header(key), value, reason });
    const written = r.input.municipalityId as string | undefined;
    if (written) {
      const withProvince = r.province && !/[(,]/.test(written) && !/^[0-9]{6}$/.test(written.trim()) ? `${written}, ${r.province}` : written;
      const found = town(withProvince);
      if ('reason' in found) wrong('municipalityId', written, found.reason);
      else r.input.municipalityId = found.istatCode;
    }
    for (const key of Object.keys(LOOKUPS) as RefKey[]) {
      const text = r.refs[key];
      if (!text) continue;
      const single = key === 'leaseId' || key === 'areaId';
      // Lists are separated by `;`, or by `,` as the list export joins names.
      const parts = single ? [text] : text.split(text.includes(';') ? ';' : ',').map((p) => p.trim()).filter(Boolean);
      const ids: number[] = [];
      for (const part of parts) {
        let found = resolvers[key](part);
        if ('reason' in found && key === 'areaId' && r.input.type && areasOfKind.has(r.input.type)) {
          // Two areas of one name, one per kind: the row's kind chooses.
          const ofKind = areasOfKind.get(r.input.type)!(part);
          if ('value' in ofKind) found = ofKind;
        }
        if ('reason' in found) wrong(key, part, found.reason);
        else ids.push(found.value.id);
      }
      if (ids.length === parts.length) (r.input as Record<string, unknown>)[key] = single ? ids[0] : [...new Set(ids)];
    }
  }
  return mistakes;
}

/** The writable fields of a system as it is, for the columns a file leaves out. */
function inputOf(system: System): Partial<SystemInput> {
  return {
    status: system.status,
    sizes: (system.sizes ?? []).map((x) => ({ sizeId: x.sizeId, width: x.width, height: x.height })),
    zipCode: system.zipCode,
    domains: system.domains,
    leaseId: system.lease?.id,
    authorizationIds: (system.authorizations ?? []).map((x) => x.id),
    mediaOwnerIds: (system.mediaOwners ?? []).map((x) => x.id),
    areaId: system.area?.id,
    illuminated: system.illuminated,
    faces: system.faces,
    notes: system.notes,
  };
}

/**
 * The all-or-nothing import: every mistake of every row is collected (the file's, the
 * references', then what writing each remaining row refuses, in one transaction rolled back on
 * any); none, and every row is written, a row whose code exists updating that system (the fields
 * the file has no column for keep their values).
 */
export async function importSystemsFile(ctx: HandlerContext, content: Buffer, limits: ReadLimits): Promise<S['ImportReport']> {
  const parsed = await parseImport(content, limits);
  if (!parsed.rows.length) throw new HttpError(400, 'Il file non contiene righe da importare');
  const mistakes = [...parsed.mistakes, ...(await resolveReferences(ctx.db, parsed))];
  // Codes twice in the file.
  const seenCodes = new Map<string, number>();
  for (const r of parsed.rows) {
    if (!r.input.code) continue;
    const first = seenCodes.get(r.input.code);
    if (first !== undefined) mistakes.push({ row: r.row, column: parsed.header('code'), value: r.input.code, reason: `già presente alla riga ${first}` });
    else seenCodes.set(r.input.code, r.row);
  }
  const fail = (all: ImportMistake[]) => {
    const { rejected, rejectedCount: n } = listedRejections(rowRejections(all));
    return new HttpError(422, `Importazione annullata: ${n} rig${n === 1 ? 'a non valida' : 'he non valide'} (${rowsNamed(rejected, n)}), nessun impianto importato`, {
      errors: rejected.map((r) => ({ path: `riga ${r.row}`, message: r.reason })),
      created: 0,
      updated: 0,
      rejected,
      rejectedCount: n,
    });
  };
  const refused = new Set(mistakes.map((m) => m.row));
  try {
    return await ctx.db.transaction(async (tx) => {
      const problems = [...mistakes];
      let created = 0;
      let updated = 0;
      for (const r of parsed.rows) {
        if (refused.has(r.row)) continue;
        try {
          const { rows: found } = r.input.code ? await tx.query<{ id: string }>('SELECT id FROM systems WHERE code = $1', [r.input.code]) : { rows: [] };
          const id = found[0] ? Number(found[0].id) : undefined;
          let input = r.input;
          if (id !== undefined) {
            const current = await systemById(tx, id);
            const kept = current ? Object.fromEntries(Object.entries(inputOf(current)).filter(([key, value]) => !r.present.has(key) && value !== undefined && value !== null)) : {};
            input = { ...kept, ...r.input };
          }
          await writeSystem(ctx, tx, input, undefined, id);
          if (id !== undefined) updated++;
          else created++;
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          problems.push({ row: r.row, column: '', value: '', reason: error.message });
        }
      }
      if (problems.length) throw fail(problems);
      return { created, updated, rejected: [] };
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'Importazione non riuscita: il file non è stato importato');
  }
}
