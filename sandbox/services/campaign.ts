import type { components, operations } from '../../src/api/generated/campaign';
import type { Db } from '../db';
import { HttpError, reply, type Handler, type HandlerContext, type OperationHandlers } from '../http';
import { deleteFile, guardedUpdate, inRecords, insertRecord, lockVersionOf, storeFile, updateRecord, type RecordData, type StoredRecord } from '../store';
import type { SeedOptions } from '../seed/options';
import { DEMO_USERS } from '../seed/demoUsers';
import { fileDownload, idParam, listResource, requireOne, requireReferences, uploadedFile, withoutFileId, type Reference } from '../store';
import { checkPeriod, diff, MB, nowIso } from '../shared/values';
import { ensureOrderLink } from '../shared/orderLinks';
import { tinyPdf } from '../seed/pdf';
import { CampaignStatusLabels, CampaignStatusTransitions } from '../../src/api/generated/campaign.rules';
import { checkMove } from '../shared/transitions';

/*
 * The campaign service: campaigns, their members and attachments (collections `campaigns`,
 * `campaignMembers`, `campaignAttachments`). Every write records a history entry (entityType
 * `campaign`), which the history service lists under /idCampaign/{id}.
 */

type Campaign = components['schemas']['Campaign'];
type CampaignStatus = components['schemas']['CampaignStatus'];
type Member = components['schemas']['CampaignMember'];
type Candidate = components['schemas']['MemberCandidate'];

const CAMPAIGNS = 'campaigns';
const MEMBERS = 'campaignMembers';
const ATTACHMENTS = 'campaignAttachments';

/** The status moves: generated from CampaignStatus.x-transitions (and its Italian x-labels). */
const RULES = { transitions: CampaignStatusTransitions, labels: CampaignStatusLabels };

const ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];

const FIELDS = ['name', 'advertiserId', 'orderId', 'periodStart', 'periodEnd', 'status', 'budget', 'description'] as const;

const campaignNotFound = (id: number) => `Campagna ${id} non trovata`;

function toCampaign(r: StoredRecord): Campaign {
  return {
    id: r.id,
    name: String(r.name),
    advertiserId: Number(r.advertiserId),
    orderId: (r.orderId as number | null | undefined) ?? null,
    periodStart: String(r.periodStart),
    periodEnd: String(r.periodEnd),
    status: r.status as CampaignStatus,
    budget: Number(r.budget),
    description: (r.description as string | null | undefined) ?? null,
    ...lockVersionOf(r),
  };
}

const toMember = (r: StoredRecord): Member => ({
  ...lockVersionOf(r),
  id: r.id,
  campaignId: Number(r.campaignId),
  username: String(r.username),
  role: r.role as Member['role'],
  assignedAt: String(r.assignedAt),
});

const who = (ctx: HandlerContext) => ctx.user?.username ?? 'system';

async function history(ctx: HandlerContext, db: Db, campaignId: number, action: string, changes: unknown) {
  await ctx.services.recordHistory(db, { entityType: 'campaign', entityId: campaignId, action, username: who(ctx), changes });
}

function campaignFields(body: RecordData): Omit<Campaign, 'id' | 'status'> {
  return {
    name: String(body.name),
    advertiserId: Number(body.advertiserId),
    orderId: (body.orderId as number | null | undefined) ?? null,
    periodStart: String(body.periodStart),
    periodEnd: String(body.periodEnd),
    budget: Number(body.budget),
    description: (body.description as string | null | undefined) ?? null,
  };
}

/** What a campaign names: its advertiser and, if any, its order. */
const CAMPAIGN_REFERENCES: readonly Reference[] = [
  { field: 'advertiserId', collection: 'advertisers', label: 'inserzionista' },
  { field: 'orderId', collection: 'orders', label: 'ordine' },
];
const MEMBER_REFERENCES: readonly Reference[] = [{ field: 'campaignId', collection: CAMPAIGNS, label: 'campagna' }];

const createCampaign: Handler = async (ctx) => {
  const body = ctx.body as RecordData;
  checkPeriod(body.periodStart, body.periodEnd);
  const fields = campaignFields(body);
  return ctx.db.transaction(async (tx) => {
    await requireReferences(tx, fields, CAMPAIGN_REFERENCES);
    const record = await insertRecord(tx, CAMPAIGNS, { ...fields, status: (body.status as CampaignStatus | undefined) ?? 'planned' });
    if (fields.orderId !== null) await ensureOrderLink(tx, fields.orderId, record.id);
    const campaign = toCampaign(record);
    await history(ctx, tx, record.id, 'create', FIELDS.map((f) => ({ field: f, oldValue: null, newValue: campaign[f] })));
    return reply(201, campaign);
  });
};

const updateCampaign: Handler = async (ctx) => {
  const id = idParam(ctx);
  const body = ctx.body as RecordData;
  checkPeriod(body.periodStart, body.periodEnd);
  return guardedUpdate(ctx, inRecords(CAMPAIGNS, id, 'campagna', true), async (tx) => {
    const existing = toCampaign(await requireOne(tx, CAMPAIGNS, id, campaignNotFound(id)));
    const status = (body.status as CampaignStatus | undefined) ?? existing.status;
    if (status !== existing.status) checkMove(RULES, existing.status, status);
    const fields = campaignFields(body);
    await requireReferences(tx, fields, CAMPAIGN_REFERENCES, existing);
    const updated = toCampaign((await updateRecord(tx, CAMPAIGNS, id, { ...fields, status }))!);
    if (updated.orderId !== null) await ensureOrderLink(tx, updated.orderId, id);
    const changes = diff(existing, updated, FIELDS);
    const action = changes.length === 1 && changes[0].field === 'status' ? 'statusChange' : 'update';
    await history(ctx, tx, id, action, changes);
    return updated;
  });
};

const deleteCampaign: Handler = async (ctx) => {
  const id = idParam(ctx);
  return ctx.db.transaction(async (tx) => {
    const existing = toCampaign(await requireOne(tx, CAMPAIGNS, id, campaignNotFound(id)));
    if (existing.status !== 'planned' && existing.status !== 'cancelled') {
      throw new HttpError(409, `Solo una campagna pianificata o annullata può essere eliminata (stato attuale: ${CampaignStatusLabels[existing.status]})`);
    }
    await tx.query(`DELETE FROM records WHERE collection = $1 AND data->>'campaignId' = $2`, [MEMBERS, String(id)]);
    const files = await tx.query<{ data: RecordData }>(`DELETE FROM records WHERE collection = $1 AND data->>'campaignId' = $2 RETURNING data`, [ATTACHMENTS, String(id)]);
    for (const f of files.rows) await deleteFile(tx, Number(f.data.fileId));
    await tx.query(`DELETE FROM records WHERE collection = 'orderCampaigns' AND data->>'campaignId' = $1`, [String(id)]);
    await tx.query('DELETE FROM records WHERE collection = $1 AND id = $2', [CAMPAIGNS, id]);
    await history(ctx, tx, id, 'delete', [{ field: 'name', oldValue: existing.name, newValue: null }]);
    return existing;
  });
};

/* ---------- members ---------- */

const memberNotFound = (id: number) => `Membro ${id} non trovato`;

async function checkDuplicate(db: Db, campaignId: number, username: string, exceptId?: number) {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM records WHERE collection = $1 AND data->>'campaignId' = $2 AND lower(data->>'username') = lower($3) AND id <> $4`,
    [MEMBERS, String(campaignId), username, exceptId ?? 0],
  );
  if (rows.length) throw new HttpError(409, `L'utente ${username} è già membro della campagna ${campaignId}`);
}

const createCampaignMember: Handler = async (ctx) => {
  const body = ctx.body as { campaignId: number; username: string; role: Member['role'] };
  return ctx.db.transaction(async (tx) => {
    await requireReferences(tx, body, MEMBER_REFERENCES);
    await checkDuplicate(tx, body.campaignId, body.username);
    const record = await insertRecord(tx, MEMBERS, { campaignId: body.campaignId, username: body.username, role: body.role, assignedAt: nowIso() });
    await history(ctx, tx, body.campaignId, 'attach', [{ field: 'member', oldValue: null, newValue: `${body.username} (${body.role})` }]);
    return reply(201, toMember(record));
  });
};

const updateCampaignMember: Handler = async (ctx) => {
  const id = idParam(ctx);
  const body = ctx.body as RecordData & { campaignId: number; username: string; role: Member['role'] };
  return guardedUpdate(ctx, inRecords(MEMBERS, id, 'membro della campagna'), async (tx) => {
    const existing = toMember(await requireOne(tx, MEMBERS, id, memberNotFound(id)));
    await requireReferences(tx, body, MEMBER_REFERENCES, existing);
    await checkDuplicate(tx, body.campaignId, body.username, id);
    const updated = toMember((await updateRecord(tx, MEMBERS, id, { campaignId: body.campaignId, username: body.username, role: body.role }))!);
    await history(ctx, tx, updated.campaignId, 'update', [{ field: 'member', oldValue: `${existing.username} (${existing.role})`, newValue: `${updated.username} (${updated.role})` }]);
    return updated;
  });
};

const deleteCampaignMember: Handler = async (ctx) => {
  const id = idParam(ctx);
  return ctx.db.transaction(async (tx) => {
    const existing = toMember(await requireOne(tx, MEMBERS, id, memberNotFound(id)));
    await tx.query('DELETE FROM records WHERE collection = $1 AND id = $2', [MEMBERS, id]);
    await history(ctx, tx, existing.campaignId, 'detach', [{ field: 'member', oldValue: `${existing.username} (${existing.role})`, newValue: null }]);
    return existing;
  });
};

/* ---------- attachments ---------- */

const attachmentNotFound = (id: number) => `Allegato ${id} non trovato`;

const uploadCampaignAttachment: Handler = async (ctx) => {
  const campaignId = idParam(ctx);
  await requireOne(ctx.db, CAMPAIGNS, campaignId, campaignNotFound(campaignId));
  const upload = uploadedFile(ctx, ATTACHMENT_TYPES, 20 * MB, '20 MB');
  return ctx.db.transaction(async (tx) => {
    const fileId = await storeFile(tx, { collection: ATTACHMENTS, id: campaignId }, { fileName: upload.fileName, mediaType: upload.mediaType, content: upload.content }, who(ctx));
    const record = await insertRecord(tx, ATTACHMENTS, {
      campaignId,
      fileName: upload.fileName,
      mediaType: upload.mediaType,
      size: upload.size,
      uploadedAt: nowIso(),
      uploadedBy: who(ctx),
      fileId,
    });
    await history(ctx, tx, campaignId, 'attach', [{ field: 'attachment', oldValue: null, newValue: upload.fileName }]);
    return reply(201, withoutFileId(record));
  });
};

const deleteCampaignAttachment: Handler = async (ctx) => {
  const id = idParam(ctx);
  return ctx.db.transaction(async (tx) => {
    const record = await requireOne(tx, ATTACHMENTS, id, attachmentNotFound(id));
    await deleteFile(tx, Number(record.fileId));
    await tx.query('DELETE FROM records WHERE collection = $1 AND id = $2', [ATTACHMENTS, id]);
    await history(ctx, tx, Number(record.campaignId), 'detach', [{ field: 'attachment', oldValue: record.fileName, newValue: null }]);
    return withoutFileId(record);
  });
};

/** The enabled staff users (never ROLE_GUEST), by surname and name; `q` keeps those whose username, name or surname holds it. */
async function memberCandidates(db: Db, q: string | undefined): Promise<Candidate[]> {
  const { rows } = await db.query<{ username: string; role: string; data: { name?: string; surname?: string } }>(
    `SELECT username, role, data FROM users WHERE enabled AND role <> 'ROLE_GUEST'`,
  );
  const needle = (q ?? '').trim().toLocaleLowerCase('it');
  return rows
    .map((r) => ({ username: r.username, name: r.data.name || r.username, surname: r.data.surname ?? '', role: r.role as Candidate['role'] }))
    .filter((c) => !needle || [c.username, c.name, c.surname].some((v) => v.toLocaleLowerCase('it').includes(needle)))
    .sort((a, b) => a.surname.localeCompare(b.surname, 'it') || a.name.localeCompare(b.name, 'it') || a.username.localeCompare(b.username, 'it'));
}

export const handlers: OperationHandlers<operations> = {
  listCampaigns: (ctx) => listResource(ctx, { resource: CAMPAIGNS, fields: ['status', 'advertiserId', 'orderId'], searchFields: ['name', 'description'] }, toCampaign),
  createCampaign,
  getCampaignById: async (ctx) => {
    const id = idParam(ctx);
    return toCampaign(await requireOne(ctx.db, CAMPAIGNS, id, campaignNotFound(id)));
  },
  updateCampaign,
  deleteCampaign,
  uploadCampaignAttachment,
  listCampaignMembers: (ctx) => listResource(ctx, { resource: MEMBERS, fields: ['campaignId', 'username', 'role'], searchFields: ['username'] }, toMember),
  createCampaignMember,
  // (typed.ts resolves an optional `query` object to never: read it untyped)
  listCampaignMemberCandidates: (ctx) => memberCandidates(ctx.db, (ctx.query as { q?: string }).q),
  getCampaignMemberById: async (ctx) => {
    const id = idParam(ctx);
    return toMember(await requireOne(ctx.db, MEMBERS, id, memberNotFound(id)));
  },
  updateCampaignMember,
  deleteCampaignMember,
  listCampaignAttachments: (ctx) => listResource(ctx, { resource: ATTACHMENTS, fields: ['campaignId'], searchFields: ['fileName'] }, withoutFileId),
  getCampaignAttachmentById: async (ctx) => {
    const id = idParam(ctx);
    return withoutFileId(await requireOne(ctx.db, ATTACHMENTS, id, attachmentNotFound(id)));
  },
  deleteCampaignAttachment,
  downloadCampaignAttachment: async (ctx) => {
    const id = idParam(ctx);
    return fileDownload(ctx.db, await requireOne(ctx.db, ATTACHMENTS, id, attachmentNotFound(id)), attachmentNotFound(id));
  },
};

/* ---------- seed ---------- */

const NAMES = ['Primavera', 'Saldi estivi', 'Rientro scuole', 'Natale', 'Black Friday', 'Lancio prodotto', 'Fiera', 'Mostra'];
const CITIES = ['Milano', 'Roma', 'Torino', 'Napoli', 'Bologna', 'Firenze', 'Genova', 'Bari'];

/** Campaigns for the seeded orders (one each) and a few on their own, with members and an attachment. */
export async function seed(db: Db, { size, rng }: SeedOptions): Promise<void> {
  const orders = await db.query<{ id: string; data: RecordData }>(`SELECT id, data FROM records WHERE collection = 'orders' ORDER BY id`);
  const staff = DEMO_USERS.filter((u) => u.role !== 'ROLE_GUEST');
  const count = Math.max(orders.rows.length, size === 'large' ? 120 : 10);
  for (let i = 0; i < count; i += 1) {
    const order = orders.rows[i];
    const city = CITIES[i % CITIES.length];
    const name = `${NAMES[i % NAMES.length]} 2026 – ${city}`;
    const periodStart = order ? String(order.data.periodStart) : `2026-${String(1 + (i % 12)).padStart(2, '0')}-01`;
    const periodEnd = order ? String(order.data.periodEnd) : `2026-${String(1 + (i % 12)).padStart(2, '0')}-28`;
    const status: CampaignStatus = order ? (order.data.status === 'draft' ? 'planned' : 'running') : (['planned', 'running', 'paused', 'completed'] as const)[i % 4];
    const record = await insertRecord(db, CAMPAIGNS, {
      name,
      advertiserId: order ? Number(order.data.advertiserId) : 1 + (i % 5),
      orderId: order ? Number(order.id) : null,
      periodStart,
      periodEnd,
      status,
      budget: order ? Number(order.data.total) : rng.int(10, 300) * 100,
      description: `Affissioni e schermi digitali a ${city}.`,
    });
    if (order) await insertRecord(db, 'orderCampaigns', { orderId: Number(order.id), campaignId: record.id });
    await db.query(
      `INSERT INTO records (collection, data) VALUES ('history', $1)`,
      [JSON.stringify({ entityType: 'campaign', entityId: record.id, action: 'create', username: 'salesleader', timestamp: '2026-02-15T09:00:00Z', changes: [{ field: 'name', oldValue: null, newValue: name }] })],
    );
    for (const user of rng.sample(staff, 2)) {
      await insertRecord(db, MEMBERS, { campaignId: record.id, username: user.username, role: user.role, assignedAt: '2026-02-16T08:30:00Z' });
    }
    if (i % 2 === 0) {
      const fileName = `brief_${NAMES[i % NAMES.length].toLowerCase().replace(/\s+/g, '_')}.pdf`;
      const content = tinyPdf(`Brief ${name}`);
      const fileId = await storeFile(db, { collection: ATTACHMENTS, id: record.id }, { fileName, mediaType: 'application/pdf', content }, 'salesleader');
      await insertRecord(db, ATTACHMENTS, { campaignId: record.id, fileName, mediaType: 'application/pdf', size: content.length, uploadedAt: '2026-02-20T11:15:00Z', uploadedBy: 'salesleader', fileId });
    }
  }
}
