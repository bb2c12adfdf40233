import ExcelJS from 'exceljs';
import type { components, operations } from '../../src/api/generated/audit';
import type { Db } from '../db';
import { file, HttpError, reply, type HandlerContext } from '../http';
import type { SeedOptions } from '.';
import { defineHandlers } from '../typed';
import { seededMunicipalities } from './geo';
import { sendMailAs } from './mail';
import { allRows } from './catalogue';
import * as opportunityService from './opportunity';

/*
 * The audit service (media monitor): detections, sub-item values (Gestione Campi), agents, lookups,
 * Excel export / all-or-nothing import, lead updates, mail to an agent and the CRM sync.
 * Tables from migration 060_audit.sql.
 */

type Detection = components['schemas']['Detection'];
type DetectionInput = components['schemas']['DetectionInput'];
type DetectionItems = components['schemas']['DetectionItems'];
type SubItem = components['schemas']['SubItem'];
type SubItemTypeName = components['schemas']['SubItemTypeName'];
type SubItemPathType = components['schemas']['SubItemPathType'];
type LeadStatus = components['schemas']['LeadStatus'];
type Agent = components['schemas']['Agent'];
type SyncLeadsReport = components['schemas']['SyncLeadsReport'];

export const SUB_ITEM_TYPES: SubItemTypeName[] = [
  'format',
  'media_type',
  'location',
  'supplier',
  'product_category',
];
const LEAD_STATUSES: LeadStatus[] = ['none', 'new', 'contacted', 'converted', 'discarded'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const IMPORT_LIMIT_BYTES = 10 * 1024 * 1024;

/** The path form of a type name: underscores removed (`media_type` → `mediatype`). */
export const pathTypeOf = (type: SubItemTypeName): SubItemPathType =>
  type.replace(/_/g, '') as SubItemPathType;
const typeOfPath = (pathType: string): SubItemTypeName => {
  const type = SUB_ITEM_TYPES.find((t) => pathTypeOf(t) === pathType);
  if (!type) throw new HttpError(400, `Tipo di sotto-voce sconosciuto: ${pathType}`);
  return type;
};

/** The Excel columns, shared by the export and the import. */
export const EXCEL_COLUMNS = [
  'Data',
  'Media owner',
  'Brand',
  'Soggetto',
  'Agente',
  'Indirizzo',
  'Comune',
  'Latitudine',
  'Longitudine',
  'Formato',
  'Tipo media',
  'Stato lead',
  'Note',
] as const;

/* ---------- reading and writing detections ---------- */

interface StoredDetection {
  detectionDate: string;
  mediaOwner: string;
  brandName: string;
  subject: string;
  agentId: number | null;
  address: string | null;
  municipality: string;
  latitude: number | null;
  longitude: number | null;
  format: string | null;
  mediaType: string | null;
  photoIds: number[];
  leadStatus: LeadStatus;
  leadNote: string | null;
  notes: string | null;
  items: DetectionItems;
  opportunityId?: number;
}

type AgentMap = Map<number, { name: string; surname: string; email: string }>;

async function agentMap(db: Db): Promise<AgentMap> {
  const { rows } = await db.query<{ id: string; name: string; surname: string; email: string }>(
    'SELECT id, name, surname, email FROM audit_agents',
  );
  return new Map(rows.map((r) => [Number(r.id), { name: r.name, surname: r.surname, email: r.email }]));
}

function toDetection(auditId: number, data: StoredDetection, agents: AgentMap): Detection {
  const agent = data.agentId ? agents.get(data.agentId) : undefined;
  const out: Detection = {
    auditId,
    detectionDate: data.detectionDate,
    mediaOwner: data.mediaOwner,
    brandName: data.brandName,
    subject: data.subject,
    agentId: data.agentId ?? null,
    agent: agent ? { name: agent.name, surname: agent.surname } : null,
    address: data.address ?? null,
    municipality: data.municipality,
    latitude: data.latitude ?? null,
    longitude: data.longitude ?? null,
    format: data.format ?? null,
    mediaType: data.mediaType ?? null,
    photoIds: data.photoIds ?? [],
    leadStatus: data.leadStatus ?? 'none',
    leadNote: data.leadNote ?? null,
    notes: data.notes ?? null,
    items: data.items ?? {},
  };
  if (data.opportunityId) out.opportunityId = data.opportunityId;
  return out;
}

interface DetectionQuery {
  dateStart?: string;
  dateEnd?: string;
  mediaOwner?: string;
  brandName?: string;
  subject?: string;
  auditIds?: number[];
  leadStatus?: LeadStatus;
}

async function queryDetections(db: Db, q: DetectionQuery): Promise<Detection[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.dateStart) where.push(`detection_date >= ${add(q.dateStart)}::date`);
  if (q.dateEnd) where.push(`detection_date <= ${add(q.dateEnd)}::date`);
  for (const key of ['mediaOwner', 'brandName', 'subject', 'leadStatus'] as const) {
    if (q[key]) where.push(`data->>'${key}' = ${add(q[key])}`);
  }
  if (q.auditIds) where.push(`audit_id = ANY(${add(q.auditIds)}::bigint[])`);
  const { rows } = await db.query<{ audit_id: string; data: StoredDetection }>(
    `SELECT audit_id, data FROM audit_detections ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY detection_date DESC, audit_id DESC`,
    params,
  );
  const agents = await agentMap(db);
  return rows.map((r) => toDetection(Number(r.audit_id), r.data, agents));
}

async function getStored(db: Db, auditId: number): Promise<StoredDetection> {
  const { rows } = await db.query<{ data: StoredDetection }>(
    'SELECT data FROM audit_detections WHERE audit_id = $1',
    [auditId],
  );
  if (!rows[0]) throw new HttpError(404, `Rilevazione ${auditId} non trovata`);
  return rows[0].data;
}

async function readDetection(db: Db, auditId: number): Promise<Detection> {
  return toDetection(auditId, await getStored(db, auditId), await agentMap(db));
}

function checkPeriod(dateStart: string, dateEnd: string) {
  if (dateEnd < dateStart) {
    throw new HttpError(400, 'La data di fine precede la data di inizio', {
      errors: [{ path: '/query/dateEnd', message: 'non può precedere dateStart' }],
    });
  }
}

/** Resolves the chosen sub-item values (by id) to copies with their names; 404 for an unknown one. */
async function resolveItems(db: Db, items: DetectionItems | undefined): Promise<DetectionItems> {
  const out: DetectionItems = {};
  for (const [type, ref] of Object.entries(items ?? {}) as Array<
    [SubItemTypeName, { id: number } | undefined]
  >) {
    if (!ref) continue;
    const { rows } = await db.query<{ id: string; name: string; description: string | null }>(
      'SELECT id, name, description FROM audit_subitems WHERE type = $1 AND id = $2',
      [type, ref.id],
    );
    if (!rows[0]) throw new HttpError(404, `Valore ${ref.id} di ${type} non trovato`);
    out[type] = { id: Number(rows[0].id), name: rows[0].name, description: rows[0].description };
  }
  return out;
}

async function requireAgent(db: Db, agentId: number | null | undefined): Promise<number | null> {
  if (!agentId) return null;
  const { rows } = await db.query('SELECT 1 FROM audit_agents WHERE id = $1', [agentId]);
  if (!rows[0]) throw new HttpError(404, `Agente ${agentId} non trovato`);
  return agentId;
}

async function storedFromInput(
  db: Db,
  input: DetectionInput,
  existing?: StoredDetection,
): Promise<StoredDetection> {
  const data: StoredDetection = {
    detectionDate: input.detectionDate,
    mediaOwner: input.mediaOwner.trim(),
    brandName: input.brandName.trim(),
    subject: input.subject.trim(),
    agentId: await requireAgent(db, input.agentId),
    address: input.address ?? null,
    municipality: input.municipality.trim(),
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    format: input.format ?? null,
    mediaType: input.mediaType ?? null,
    photoIds: input.photoIds ?? [],
    leadStatus: input.leadStatus ?? existing?.leadStatus ?? 'none',
    leadNote: existing?.leadNote ?? null,
    notes: input.notes ?? null,
    items: await resolveItems(db, input.items),
  };
  if (existing?.opportunityId) data.opportunityId = existing.opportunityId;
  return data;
}

async function insertDetection(db: Db, data: StoredDetection): Promise<number> {
  const { rows } = await db.query<{ audit_id: string }>(
    'INSERT INTO audit_detections (detection_date, data) VALUES ($1::date, $2::jsonb) RETURNING audit_id',
    [data.detectionDate, JSON.stringify(data)],
  );
  return Number(rows[0].audit_id);
}

async function writeDetection(db: Db, auditId: number, data: StoredDetection): Promise<void> {
  await db.query(
    'UPDATE audit_detections SET detection_date = $2::date, data = $3::jsonb WHERE audit_id = $1',
    [auditId, data.detectionDate, JSON.stringify(data)],
  );
}

/* ---------- sub-items ---------- */

async function listSubItems(db: Db, type: SubItemTypeName): Promise<SubItem[]> {
  const { rows } = await db.query<{ id: string; name: string; description: string | null }>(
    'SELECT id, name, description FROM audit_subitems WHERE type = $1 ORDER BY lower(name), id',
    [type],
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, description: r.description }));
}

async function insertSubItem(
  db: Db,
  type: SubItemTypeName,
  item: { name: string; description?: string | null },
): Promise<SubItem> {
  const name = item.name.trim();
  const clash = await db.query('SELECT 1 FROM audit_subitems WHERE type = $1 AND lower(name) = lower($2)', [
    type,
    name,
  ]);
  if (clash.rows[0]) throw new HttpError(409, `Esiste già un valore «${name}» per ${type}`);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO audit_subitems (type, id, name, description)
     VALUES ($1, (SELECT COALESCE(max(id), 0) + 1 FROM audit_subitems WHERE type = $1), $2, $3) RETURNING id`,
    [type, name, item.description ?? null],
  );
  return { id: Number(rows[0].id), name, description: item.description ?? null };
}

/* ---------- agents ---------- */

async function insertAgent(db: Db, agent: { name: string; surname: string; email: string }): Promise<Agent> {
  const name = agent.name.trim();
  const surname = agent.surname.trim();
  const clash = await db.query(
    'SELECT 1 FROM audit_agents WHERE lower(name || $3 || surname) = lower($1 || $3 || $2)',
    [name, surname, ' '],
  );
  if (clash.rows[0]) throw new HttpError(409, `Esiste già un agente ${name} ${surname}`);
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO audit_agents (name, surname, email) VALUES ($1, $2, $3) RETURNING id',
    [name, surname, agent.email],
  );
  return { id: Number(rows[0].id), name, surname, email: agent.email };
}

/* ---------- Excel ---------- */

export async function detectionsWorkbook(detections: Detection[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
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
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    return '';
  }
  return String(value).trim();
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

/** Reads every data row; a row with a problem carries its Italian reason instead of data. */
async function parseImport(db: Db, content: Buffer): Promise<ParsedRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new HttpError(415, 'Il file non è un foglio di calcolo XLSX leggibile');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(cellText);
  const col = (name: string, fallback: number) => {
    const i = header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
    return (i >= 0 ? i : fallback) + 1;
  };
  const cols = Object.fromEntries(EXCEL_COLUMNS.map((c, i) => [c, col(c, i)])) as Record<
    (typeof EXCEL_COLUMNS)[number],
    number
  >;
  const agents = await agentMap(db);
  const agentByName = new Map([...agents].map(([id, a]) => [`${a.name} ${a.surname}`.toLowerCase(), id]));
  const out: ParsedRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const get = (c: (typeof EXCEL_COLUMNS)[number]) => cellText(row.getCell(cols[c]).value);
    const values = EXCEL_COLUMNS.map(get);
    if (values.every((v) => v === '')) continue;
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

/* ---------- CRM sync ---------- */

/**
 * A lead becomes an opportunity through the opportunity service's own save (its handler
 * `saveOpportunity`, called in-process on the same transaction), so the record is stored exactly
 * as POST /v1/opportunity/save stores it. The advertiser is the one named like the brand (else the
 * first), the sales person the first ROLE_SALES user.
 */
interface LeadOpportunity {
  name: string;
  detectionId: number;
  brandName: string;
  detectionDate: string;
  opportunityId?: number;
}

type SaveContext = Parameters<NonNullable<typeof opportunityService.handlers.saveOpportunity>>[0];

/** What a sync reads once: the opportunities, the advertisers and the sales people. */
interface SyncScope {
  opportunities: Awaited<ReturnType<typeof allRows>>;
  advertisers: Awaited<ReturnType<typeof allRows>>;
  sales: Awaited<ReturnType<typeof opportunityService.salesPeople>>;
}

async function syncScope(db: Db): Promise<SyncScope> {
  return {
    opportunities: await allRows(db, 'opportunities'),
    advertisers: await allRows(db, 'advertisers'),
    sales: await opportunityService.salesPeople(db),
  };
}

async function upsertOpportunity(
  ctx: HandlerContext,
  db: Db,
  scope: SyncScope,
  lead: LeadOpportunity,
): Promise<{ id: number; created: boolean } | { skipped: string }> {
  const existing = lead.opportunityId
    ? scope.opportunities.find((o) => o.id === lead.opportunityId)
    : scope.opportunities.find((o) => Number(o.detectionId) === lead.detectionId);
  if (lead.opportunityId && !existing) return { skipped: `Opportunità ${lead.opportunityId} non trovata` };
  if (existing && (existing.status === 'won' || existing.status === 'lost')) {
    return { skipped: `Opportunità ${existing.id} chiusa: non aggiornabile` };
  }
  let body: Record<string, unknown>;
  if (existing) {
    // Already up to date: nothing to write.
    if (
      existing.name === lead.name &&
      Number(existing.detectionId) === lead.detectionId &&
      existing.source === 'mediamonitor'
    ) {
      return { id: existing.id, created: false };
    }
    const { id, advertiserId, salesId, status, amount, expectedCloseDate } = existing;
    body = {
      id,
      name: lead.name,
      advertiserId,
      salesId,
      status,
      amount,
      source: 'mediamonitor',
      detectionId: lead.detectionId,
    };
    if (expectedCloseDate) body.expectedCloseDate = expectedCloseDate;
  } else {
    const advertiser =
      scope.advertisers.find((a) => String(a.name ?? '').toLowerCase() === lead.brandName.toLowerCase()) ??
      scope.advertisers[0];
    const salesPerson = scope.sales.find((s) => s.username === 'sales') ?? scope.sales[0];
    if (!advertiser || !salesPerson)
      return { skipped: 'Nessun inserzionista o commerciale disponibile per creare l’opportunità' };
    const close = new Date(`${lead.detectionDate}T00:00:00Z`);
    close.setUTCDate(close.getUTCDate() + 90);
    body = {
      name: lead.name,
      advertiserId: advertiser.id,
      salesId: salesPerson.id,
      status: 'new',
      amount: 0,
      expectedCloseDate: close.toISOString().slice(0, 10),
      source: 'mediamonitor',
      detectionId: lead.detectionId,
    };
  }
  const save = opportunityService.handlers.saveOpportunity;
  try {
    const result = (await save({
      ...ctx,
      db,
      service: 'opportunity',
      operationId: 'saveOpportunity',
      params: {},
      query: {},
      body,
      files: [],
    } as unknown as SaveContext)) as { id?: number; body?: { id: number } } | undefined;
    const id = Number(result?.body?.id ?? result?.id);
    return { id, created: !existing };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return { skipped: error.message };
    throw error;
  }
}

/* ---------- handlers ---------- */

const auditIdOf = (ctx: { query: { auditId: number } }) => Number(ctx.query.auditId);

export const handlers = defineHandlers<operations>({
  async exportDetectionsExcel(ctx) {
    const { dateStart, dateEnd } = ctx.query;
    checkPeriod(dateStart, dateEnd);
    const detections = (await queryDetections(ctx.db, { dateStart, dateEnd })).reverse();
    return file(await detectionsWorkbook(detections), XLSX, `export_${dateStart}_${dateEnd}.xlsx`);
  },

  async importDetections(ctx) {
    const upload = ctx.files.find((f) => f.fieldName === 'file') ?? ctx.files[0];
    if (!upload) throw new HttpError(400, 'Nessun file ricevuto');
    if (upload.size > IMPORT_LIMIT_BYTES)
      throw new HttpError(413, 'Il file supera la dimensione massima di 10 MB');
    const isXlsx =
      upload.mediaType === XLSX ||
      (upload.mediaType === 'application/octet-stream' && /\.xlsx$/i.test(upload.fileName));
    if (!isXlsx) throw new HttpError(415, `Tipo di file non supportato: ${upload.mediaType}`);
    const rows = await parseImport(ctx.db, upload.content);
    const rejected = rows.filter((r) => r.reason).map((r) => ({ row: r.row, reason: r.reason! }));
    if (rejected.length) {
      const n = rejected.length;
      return reply(422, {
        message: `Importazione annullata: ${n} ${n === 1 ? 'riga non valida' : 'righe non valide'} (${rejected.map((r) => `riga ${r.row}`).join(', ')}), nessuna rilevazione importata`,
        status: 422,
        imported: 0,
        rejected,
      });
    }
    await ctx.db.transaction(async (tx) => {
      for (const r of rows) await insertDetection(tx, r.data!);
    });
    return { imported: rows.length, rejected: [] };
  },

  async createDetection(ctx) {
    const data = await storedFromInput(ctx.db, ctx.body);
    return readDetection(ctx.db, await insertDetection(ctx.db, data));
  },

  async updateDetection(ctx) {
    const auditId = auditIdOf(ctx);
    if (ctx.body.auditId !== undefined && ctx.body.auditId !== auditId) {
      throw new HttpError(
        400,
        `auditId del corpo (${ctx.body.auditId}) diverso da quello richiesto (${auditId})`,
        {
          errors: [{ path: '/body/auditId', message: 'deve coincidere con il parametro auditId' }],
        },
      );
    }
    const existing = await getStored(ctx.db, auditId);
    await writeDetection(ctx.db, auditId, await storedFromInput(ctx.db, ctx.body, existing));
    return readDetection(ctx.db, auditId);
  },

  async deleteDetection(ctx) {
    const { rows } = await ctx.db.query(
      'DELETE FROM audit_detections WHERE audit_id = $1 RETURNING audit_id',
      [auditIdOf(ctx)],
    );
    if (!rows[0]) throw new HttpError(404, `Rilevazione ${auditIdOf(ctx)} non trovata`);
    return reply(204);
  },

  async listDetections(ctx) {
    return queryDetections(ctx.db, {});
  },

  async listDetectionsByRangeDate(ctx) {
    const q = ctx.query;
    checkPeriod(q.dateStart, q.dateEnd);
    return queryDetections(ctx.db, q);
  },

  async listDistinctDetectionValues(ctx) {
    const field = ctx.params.field;
    const { rows } = await ctx.db.query<{ v: string }>(
      `SELECT DISTINCT data->>$1 AS v FROM audit_detections WHERE COALESCE(data->>$1, '') <> '' ORDER BY 1`,
      [field],
    );
    return rows.map((r) => r.v).sort((a, b) => a.localeCompare(b, 'it'));
  },

  async updateDetectionLead(ctx) {
    const auditId = Number(ctx.params.id);
    const data = await getStored(ctx.db, auditId);
    data.leadStatus = ctx.body.leadStatus;
    data.leadNote = ctx.body.note ?? null;
    await writeDetection(ctx.db, auditId, data);
    return readDetection(ctx.db, auditId);
  },

  async sendDetectionsToAgent(ctx) {
    const { agentId, auditIds } = ctx.body;
    const agent = (await agentMap(ctx.db)).get(agentId);
    if (!agent) throw new HttpError(404, `Agente ${agentId} non trovato`);
    const detections = await queryDetections(ctx.db, { auditIds });
    const missing = auditIds.filter((id) => !detections.some((d) => d.auditId === id));
    if (missing.length)
      throw new HttpError(
        404,
        `Rilevazion${missing.length === 1 ? 'e' : 'i'} ${missing.join(', ')} non trovat${missing.length === 1 ? 'a' : 'e'}`,
      );
    const lines = detections.map(
      (d) =>
        `- ${d.detectionDate} · ${d.brandName} («${d.subject}») · ${d.mediaOwner} · ${[d.address, d.municipality].filter(Boolean).join(', ')} [n. ${d.auditId}]`,
    );
    const body = `Gentile ${agent.name} ${agent.surname},\n\nle inviamo ${detections.length === 1 ? 'la rilevazione' : `le ${detections.length} rilevazioni`} da seguire:\n\n${lines.join('\n')}\n\nCordiali saluti\nMedia Monitor`;
    const { id } = await sendMailAs(ctx.services, ctx.db, {
      to: agent.email,
      subject: `Rilevazioni da seguire (${detections.length})`,
      body,
      kind: 'agent-report',
      sentBy: ctx.user!.username,
      relatedResource: null,
    });
    return { mailId: id, recipient: agent.email, auditIds };
  },

  async syncLeads(ctx) {
    const report: SyncLeadsReport = { created: [], updated: [], skipped: [] };
    const leads = (await queryDetections(ctx.db, { leadStatus: 'new' })).reverse();
    await ctx.db.transaction(async (tx) => {
      const scope = await syncScope(tx);
      for (const d of leads) {
        const outcome = await upsertOpportunity(ctx as unknown as HandlerContext, tx, scope, {
          name: `Lead ${d.brandName} – ${d.municipality}`.slice(0, 200),
          detectionId: d.auditId,
          brandName: d.brandName,
          detectionDate: d.detectionDate,
          opportunityId: d.opportunityId,
        });
        if ('skipped' in outcome) {
          report.skipped.push({ auditId: d.auditId, reason: outcome.skipped });
          continue;
        }
        (outcome.created ? report.created : report.updated).push({
          auditId: d.auditId,
          opportunityId: outcome.id,
        });
        if (d.opportunityId !== outcome.id) {
          await tx.query(
            `UPDATE audit_detections SET data = jsonb_set(data, '{opportunityId}', to_jsonb($2::bigint)) WHERE audit_id = $1`,
            [d.auditId, outcome.id],
          );
        }
      }
    });
    return report;
  },

  async getMediaSupplierByMediaOwner(ctx) {
    const data = await lookup(
      ctx,
      'mediaSupplier',
      ctx.query.mediaOwner,
      'Nessun fornitore noto per il media owner',
    );
    return {
      ...(data as object),
      mediaOwner: ctx.query.mediaOwner,
    } as components['schemas']['MediaSupplier'];
  },

  async getSecretarialDataByBrandName(ctx) {
    const data = await lookup(ctx, 'brand', ctx.query.brandName, 'Nessun dato di segreteria per il brand');
    return { ...(data as object), name: ctx.query.brandName } as components['schemas']['SecretarialData'];
  },

  async getSecretarialDataBySubject(ctx) {
    const data = await lookup(ctx, 'subject', ctx.query.subject, 'Nessun dato di segreteria per il soggetto');
    return { ...(data as object), name: ctx.query.subject } as components['schemas']['SecretarialData'];
  },

  async listBrandNamesBySubject(ctx) {
    const { rows } = await ctx.db.query<{ v: string }>(
      `SELECT DISTINCT data->>'brandName' AS v FROM audit_detections WHERE data->>'subject' = $1`,
      [ctx.query.subject],
    );
    return rows.map((r) => r.v).sort((a, b) => a.localeCompare(b, 'it'));
  },

  async listSubItems(ctx) {
    return listSubItems(ctx.db, typeOfPath(ctx.params.type));
  },

  async getSubItemById(ctx) {
    const type = typeOfPath(ctx.params.type);
    const { rows } = await ctx.db.query<{ id: string; name: string; description: string | null }>(
      'SELECT id, name, description FROM audit_subitems WHERE type = $1 AND id = $2',
      [type, Number(ctx.params.id)],
    );
    if (!rows[0]) throw new HttpError(404, `Valore ${ctx.params.id} di ${type} non trovato`);
    return { id: Number(rows[0].id), name: rows[0].name, description: rows[0].description };
  },

  async deleteSubItem(ctx) {
    const type = typeOfPath(ctx.params.type);
    const { rows } = await ctx.db.query(
      'DELETE FROM audit_subitems WHERE type = $1 AND id = $2 RETURNING id',
      [type, Number(ctx.params.id)],
    );
    if (!rows[0]) throw new HttpError(404, `Valore ${ctx.params.id} di ${type} non trovato`);
    return reply(204);
  },

  async createSubItem(ctx) {
    const type = typeOfPath(ctx.params.type);
    const body = ctx.body as Record<string, { name: string; description?: string | null } | undefined>;
    const keys = Object.keys(body);
    const item = body[type];
    if (keys.length !== 1 || !item) {
      throw new HttpError(
        400,
        `Il corpo deve avere la sola chiave «${type}» per il tipo ${ctx.params.type}`,
        {
          errors: [{ path: '/body', message: `chiave attesa: ${type}` }],
        },
      );
    }
    return insertSubItem(ctx.db, type, item);
  },

  async updateSubItem(ctx) {
    const type = typeOfPath(ctx.params.type);
    const { id, name, description } = ctx.body;
    const current = await ctx.db.query('SELECT 1 FROM audit_subitems WHERE type = $1 AND id = $2', [
      type,
      id,
    ]);
    if (!current.rows[0]) throw new HttpError(404, `Valore ${id} di ${type} non trovato`);
    const clash = await ctx.db.query(
      'SELECT 1 FROM audit_subitems WHERE type = $1 AND lower(name) = lower($2) AND id <> $3',
      [type, name.trim(), id],
    );
    if (clash.rows[0]) throw new HttpError(409, `Esiste già un valore «${name.trim()}» per ${type}`);
    await ctx.db.query('UPDATE audit_subitems SET name = $3, description = $4 WHERE type = $1 AND id = $2', [
      type,
      id,
      name.trim(),
      description ?? null,
    ]);
    return { id, name: name.trim(), description: description ?? null };
  },

  async listAgentNames(ctx) {
    const { rows } = await ctx.db.query<{ id: string; name: string; surname: string }>(
      'SELECT id, name, surname FROM audit_agents ORDER BY lower(surname), lower(name), id',
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      surname: r.surname,
      fullName: `${r.name} ${r.surname}`,
    }));
  },

  async createAgent(ctx) {
    return insertAgent(ctx.db, ctx.body);
  },

  async getAgentByFullName(ctx) {
    const fullName = decodeURIComponent(ctx.params.fullName).trim().replace(/\s+/g, ' ');
    const { rows } = await ctx.db.query<{ id: string; name: string; surname: string; email: string }>(
      `SELECT id, name, surname, email FROM audit_agents WHERE lower(name || ' ' || surname) = lower($1)`,
      [fullName],
    );
    if (!rows[0]) throw new HttpError(404, `Agente «${fullName}» non trovato`);
    return { id: Number(rows[0].id), name: rows[0].name, surname: rows[0].surname, email: rows[0].email };
  },
});

async function lookup(
  ctx: HandlerContext | { db: Db },
  kind: string,
  key: string,
  notFound: string,
): Promise<unknown> {
  const { rows } = await ctx.db.query<{ data: unknown }>(
    'SELECT data FROM audit_lookups WHERE kind = $1 AND lower(key) = lower($2)',
    [kind, key],
  );
  if (!rows[0]) throw new HttpError(404, `${notFound} «${key}»`);
  return rows[0].data;
}

/* ---------- seed ---------- */

const AGENTS: Array<[string, string]> = [
  ['Giorgio', 'Esposito'],
  ['Chiara', 'Gallo'],
  ['Mario', 'Rossi'],
  ['Valentina', 'Costa'],
  ['Laura', 'Bianchi'],
  ['Stefano', 'Fontana'],
  ['Martina', 'Moretti'],
  ['Andrea', 'Lombardi'],
  ['Federica', 'Barbieri'],
  ['Simone', 'Rinaldi'],
  ['Alessio', 'Caruso'],
  ['Beatrice', 'Ferri'],
];

const SUB_ITEMS: Record<SubItemTypeName, Array<[string, string | null]>> = {
  format: [
    ['6x3', 'Manifesto 600x300 cm'],
    ['4x3', 'Manifesto 400x300 cm'],
    ['12x3', 'Manifesto 1200x300 cm'],
    ['100x140', 'Locandina 100x140 cm'],
    ['140x200', 'Manifesto 140x200 cm'],
    ['Maxi', 'Telo di grandi dimensioni'],
    ['Schermo digitale', 'Monitor LED o LCD'],
  ],
  media_type: [
    ['Affissione', 'Manifesti su impianti stradali'],
    ['Maxi affissione', 'Impianti di grande formato'],
    ['Digitale', 'Schermi DOOH'],
    ['Arredo urbano', 'Pensiline, paline, fioriere'],
    ['Dinamica', 'Mezzi pubblici e camion vela'],
  ],
  location: [
    ['Strada urbana', null],
    ['Tangenziale', 'Strade a scorrimento veloce'],
    ['Centro commerciale', null],
    ['Fermata metropolitana', null],
    ['Stazione ferroviaria', null],
    ['Aeroporto', null],
  ],
  supplier: [
    ['Stampa Veloce Srl', 'Stampa manifesti'],
    ['Posa Nord Snc', 'Attacchinaggio'],
    ['LED Vision Spa', 'Schermi digitali'],
  ],
  product_category: [
    ['Alimentari', null],
    ['Bevande', null],
    ['Automobili', null],
    ['Telefonia', null],
    ['Moda', null],
    ['Banche e assicurazioni', null],
    ['Grande distribuzione', null],
    ['Turismo', null],
  ],
};

const MEDIA_OWNERS: Array<[string, string, string]> = [
  ['Affissioni Lombarde Srl', 'Milano', 'commerciale@affissionilombarde.it'],
  ['Urban Media Italia', 'Roma', 'vendite@urbanmedia.it'],
  ['Pubblicità Tirrena Spa', 'Livorno', 'info@pubblicitatirrena.it'],
  ['Cartelloni del Nord Srl', 'Torino', 'ufficio@cartellonidelnord.it'],
  ['Spazi Digitali Srl', 'Bologna', 'commerciale@spazidigitali.it'],
  ['Affissioni Partenopee Srl', 'Napoli', 'info@affissionipartenopee.it'],
  ['Metropubblicità Spa', 'Milano', 'contatti@metropubblicita.it'],
  ['Veneta Outdoor Srl', 'Padova', 'commerciale@venetaoutdoor.it'],
];

const BRANDS: Array<[string, string, string[]]> = [
  ['Caffè Aurora', 'Torrefazione Aurora Spa', ['Miscela Oro', 'Capsule Intenso']],
  ['Pasta Etrusca', 'Pastificio Etrusco Srl', ['Linea Integrale', 'Formati Tradizionali']],
  ['Birra Dolomiti', 'Birrificio Dolomiti Spa', ['Estate 2025', 'Non Filtrata']],
  ['Mobilità Verde', 'Mobilità Verde Spa', ['Auto elettrica', 'Noleggio a lungo termine']],
  ['TeleItalia Mobile', 'TeleItalia Spa', ['Offerta Giga', 'Fibra Casa']],
  ['Moda Riviera', 'Riviera Fashion Srl', ['Collezione Primavera', 'Saldi Invernali']],
  ['Banca del Territorio', 'Banca del Territorio Scpa', ['Mutuo Giovani', 'Conto Zero']],
  ['SuperMercati Sole', 'Sole Distribuzione Spa', ['Volantino Settimanale', 'Prodotti Locali']],
  ['Gelateria Siciliana', 'Dolci di Sicilia Srl', ['Gusti Estate']],
  ['Viaggi Azzurri', 'Azzurri Tour Operator Srl', ['Crociere', 'Weekend in Italia']],
  ['Acqua Alpina', 'Fonti Alpine Spa', ['Frizzante', 'Naturale']],
  ['Assicurazioni Serene', 'Serene Assicurazioni Spa', ['Polizza Casa', 'RC Auto']],
];

const STREETS = [
  'Via Roma',
  'Corso Italia',
  'Via Garibaldi',
  'Viale Mazzini',
  'Via Dante',
  'Corso Vittorio Emanuele',
  'Via Torino',
  'Piazza Cavour',
  'Via Verdi',
  'Viale della Repubblica',
];
const FIRST = ['Giulia', 'Paolo', 'Marta', 'Luigi', 'Silvia', 'Franco', 'Anna', 'Roberto'];
const LAST = ['Ferrari', 'Esposito', 'Romano', 'Ricci', 'Marino', 'Greco', 'Conti', 'De Luca'];

function vat(rng: SeedOptions['rng']): string {
  return Array.from({ length: 11 }, () => rng.int(0, 9)).join('');
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '');

export async function seed(db: Db, { size, rng }: SeedOptions): Promise<void> {
  for (const [name, surname] of AGENTS)
    await insertAgent(db, { name, surname, email: `${slug(name)}.${slug(surname)}@agenti.ooh.it` });
  const items: Partial<Record<SubItemTypeName, SubItem[]>> = {};
  for (const type of SUB_ITEM_TYPES) {
    items[type] = [];
    for (const [name, description] of SUB_ITEMS[type])
      items[type]!.push(await insertSubItem(db, type, { name, description }));
  }

  const places = (await seededMunicipalities(db)).filter((m) => m.capital);
  const fallback = [
    { name: 'Milano', latitude: 45.4642, longitude: 9.19 },
    { name: 'Roma', latitude: 41.9028, longitude: 12.4964 },
  ];
  const towns = places.length ? places : fallback;

  for (const [owner, town, email] of MEDIA_OWNERS) {
    await db.query('INSERT INTO audit_lookups (kind, key, data) VALUES ($1, $2, $3)', [
      'mediaSupplier',
      owner,
      JSON.stringify({
        companyName: owner,
        vatNumber: vat(rng),
        address: `${rng.pick(STREETS)} ${rng.int(1, 120)}`,
        municipality: town,
        email,
        phone: `+39 0${rng.int(10, 99)} ${rng.int(1000000, 9999999)}`,
        contactPerson: `${rng.pick(FIRST)} ${rng.pick(LAST)}`,
      }),
    ]);
  }
  for (const [brand, company, subjects] of BRANDS) {
    const data = {
      companyName: company,
      vatNumber: vat(rng),
      address: `${rng.pick(STREETS)} ${rng.int(1, 120)}`,
      municipality: rng.pick(towns).name,
      email: `segreteria@${slug(brand)}.it`,
      phone: `+39 0${rng.int(10, 99)} ${rng.int(1000000, 9999999)}`,
      contactPerson: `${rng.pick(FIRST)} ${rng.pick(LAST)}`,
    };
    await db.query('INSERT INTO audit_lookups (kind, key, data) VALUES ($1, $2, $3)', [
      'brand',
      brand,
      JSON.stringify(data),
    ]);
    for (const s of subjects)
      await db.query('INSERT INTO audit_lookups (kind, key, data) VALUES ($1, $2, $3)', [
        'subject',
        `${brand} – ${s}`,
        JSON.stringify(data),
      ]);
  }

  // Two years of detections up to the sandbox's "today" (2026-11-20), ~3,000 (more with the large seed).
  const count = size === 'large' ? 12000 : 3000;
  const end = Date.UTC(2026, 10, 20);
  const span = 730;
  const rows: StoredDetection[] = [];
  for (let i = 0; i < count; i++) {
    const [brand, , subjects] = rng.pick(BRANDS);
    const town = rng.pick(towns);
    const format = rng.pick(items.format!);
    const media = rng.pick(items.media_type!);
    const location = rng.pick(items.location!);
    const category = rng.pick(items.product_category!);
    const day = new Date(end - Math.floor(Math.pow(rng.next(), 0.8) * span) * 86400000)
      .toISOString()
      .slice(0, 10);
    // About 1% new leads (so a first CRM sync stays short), 10% further along or discarded.
    const lead: LeadStatus = rng.chance(0.89)
      ? 'none'
      : rng.pick([
          'new',
          'contacted',
          'contacted',
          'converted',
          'converted',
          'discarded',
          'discarded',
          'discarded',
          'discarded',
          'discarded',
        ] as const);
    rows.push({
      detectionDate: day,
      mediaOwner: rng.pick(MEDIA_OWNERS)[0],
      brandName: brand,
      subject: `${brand} – ${rng.pick(subjects)}`,
      agentId: rng.int(1, AGENTS.length),
      address: `${rng.pick(STREETS)} ${rng.int(1, 200)}`,
      municipality: town.name,
      latitude: Math.round((town.latitude + (rng.next() - 0.5) * 0.04) * 1e6) / 1e6,
      longitude: Math.round((town.longitude + (rng.next() - 0.5) * 0.04) * 1e6) / 1e6,
      format: format.name,
      mediaType: media.name,
      photoIds: [],
      leadStatus: lead,
      leadNote: lead === 'none' ? null : 'Segnalato dal media monitor.',
      notes: rng.chance(0.2) ? 'Impianto illuminato, ben visibile.' : null,
      items: {
        format: format,
        media_type: media,
        location: location,
        product_category: category,
      },
    });
  }
  // Oldest first, so auditIds follow the dates; inserted in batches through jsonb_array_elements.
  rows.sort((a, b) => a.detectionDate.localeCompare(b.detectionDate));
  for (let i = 0; i < rows.length; i += 500) {
    await db.query(
      `INSERT INTO audit_detections (detection_date, data)
       SELECT (e->>'detectionDate')::date, e FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n`,
      [JSON.stringify(rows.slice(i, i + 500))],
    );
  }
}
