import { randomBytes } from 'node:crypto';
import exifr from 'exifr';
import distance from '@turf/distance';
import { point } from '@turf/helpers';
import type { components, operations } from '../../../src/api/generated/frame';
import { WorkOrderStatusLabels, WorkOrderStatusTransitions } from '../../../src/api/generated/frame.rules';
import { clock } from '../../clock';
import type { Db } from '../../db';
import { HttpError, reply, type Handler, type HandlerContext, type OperationHandlers } from '../../http';
import {
  getRecord,
  guardedUpdate,
  idParam,
  inRecords,
  insertRecord,
  listResource,
  readFile,
  requireOne,
  requireReferences,
  storeFile,
  updateRecord,
  type RecordData,
  type StoredRecord,
} from '../../store';
import { file } from '../../http';
import { checkMove } from '../../shared/transitions';
import { nowIso } from '../../shared/values';
import { systemsByIds } from '../../shared/systems';
import { addDays, facesByIds, todayOn } from '../../shared/reservations';
import { seller } from '../../company';
import { proofOfPostingPdf } from './proofPdf';
import { campaignDelivery, createMakeGood } from './makeGoods';
import { MAINTENANCE_DUTIES, POSTING_DUTIES, WORK_ORDERS, teamFor, teamNames, toWorkOrders, workOrdersFromPlanning } from '../../shared/workOrders';
import { noticeWorkOrderProblem } from '../../shared/dueSweeps';

/*
 * Field operations: work orders for provider teams (posting, removal, maintenance) on faces, made
 * from confirmed plannings or by hand; the installer's page opened with a team's link; proof
 * photos whose EXIF time and place are checked against the order (flagged, never refused); and a
 * campaign's proof of posting.
 */

type WorkOrder = components['schemas']['WorkOrder'];
type Photo = components['schemas']['WorkOrderPhoto'];
type Status = WorkOrder['status'];

const TEAM_LINKS = 'teamLinks';
const RULES = { transitions: WorkOrderStatusTransitions, labels: WorkOrderStatusLabels };
/** How far from the face a proof photo may be taken before it is flagged (configuration: SANDBOX_PROOF_MAX_METERS). */
export const MAX_DISTANCE_METERS = Number(process.env.SANDBOX_PROOF_MAX_METERS ?? 150);
const notFound = (id: number) => `Ordine di lavoro ${id} non trovato`;

async function readWorkOrder(db: Db, id: number): Promise<WorkOrder> {
  return (await toWorkOrders(db, [await requireOne(db, WORK_ORDERS, id, notFound(id))]))[0];
}

/* ---------- photos ---------- */

interface Exif {
  takenAt: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The EXIF time of the shot and its GPS position, when the photo carries them. */
export async function readExif(content: Buffer): Promise<Exif> {
  try {
    const tags = (await exifr.parse(content, { pick: ['DateTimeOriginal', 'CreateDate', 'GPSLatitude', 'GPSLongitude', 'GPSLatitudeRef', 'GPSLongitudeRef'] })) as
      | { DateTimeOriginal?: Date; CreateDate?: Date; latitude?: number; longitude?: number }
      | undefined;
    const gps = (await exifr.gps(content).catch(() => undefined)) as { latitude?: number; longitude?: number } | undefined;
    const taken = tags?.DateTimeOriginal ?? tags?.CreateDate;
    return {
      takenAt: taken instanceof Date && !Number.isNaN(taken.getTime()) ? taken.toISOString().replace(/\.\d{3}Z$/, 'Z') : null,
      latitude: Number.isFinite(gps?.latitude) ? Number(gps!.latitude) : null,
      longitude: Number.isFinite(gps?.longitude) ? Number(gps!.longitude) : null,
    };
  } catch {
    return { takenAt: null, latitude: null, longitude: null };
  }
}

/** What to check on a photo: taken outside the order's window (the day before its due date to two days after), too far, or without time or place. */
export function photoFlags(exif: Exif, dueDate: string, face: { latitude: number; longitude: number }, maxMeters = MAX_DISTANCE_METERS) {
  const flags: Photo['flags'] = [];
  let distanceMeters: number | null = null;
  if (!exif.takenAt) flags.push('noTime');
  else {
    const day = exif.takenAt.slice(0, 10);
    if (day < addDays(dueDate, -1) || day > addDays(dueDate, 2)) flags.push('outsideWindow');
  }
  if (exif.latitude === null || exif.longitude === null) flags.push('noPosition');
  else {
    distanceMeters = Math.round(distance(point([face.longitude, face.latitude]), point([exif.longitude, exif.latitude]), { units: 'meters' }));
    if (distanceMeters > maxMeters) flags.push('tooFar');
  }
  return { flags, distanceMeters };
}

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/heic'];

async function addPhoto(ctx: HandlerContext, row: StoredRecord, kind: 'wide' | 'close'): Promise<WorkOrder> {
  const upload = ctx.files.find((f) => f.fieldName === 'file') ?? ctx.files[0];
  if (!upload) throw new HttpError(400, 'Nessuna foto ricevuta', { errors: [{ path: '/body/file', message: 'obbligatoria' }] });
  if (!PHOTO_TYPES.includes(upload.mediaType)) throw new HttpError(415, `Tipo di file non ammesso: ${upload.mediaType} (ammessi: JPEG, PNG, HEIC)`);
  const [order] = await toWorkOrders(ctx.db, [row]);
  if (order.status === 'done') throw new HttpError(409, `${order.code} è già fatto: non si aggiungono foto`);
  const exif = await readExif(upload.content);
  const { flags, distanceMeters } = photoFlags(exif, order.dueDate, order);
  const fileId = await storeFile(ctx.db, { collection: WORK_ORDERS, id: row.id }, { fileName: upload.fileName, mediaType: upload.mediaType, content: upload.content }, 'installer');
  const photo: Photo = { id: fileId, kind, ...exif, distanceMeters, flags, uploadedAt: nowIso() };
  await updateRecord(ctx.db, WORK_ORDERS, row.id, { photos: [...((row.photos as Photo[] | undefined) ?? []), photo] });
  return readWorkOrder(ctx.db, row.id);
}

/** What a done order still lacks: a wide and a close photo. */
function missingPhotos(photos: Photo[]): string[] {
  const kinds = new Set(photos.map((p) => p.kind));
  return [...(kinds.has('wide') ? [] : ['la foto d’insieme']), ...(kinds.has('close') ? [] : ['la foto ravvicinata'])];
}

function checkDone(order: WorkOrder): void {
  const missing = missingPhotos(order.photos);
  if (missing.length) throw new HttpError(409, `Per chiudere ${order.code} manca ${missing.join(' e ')}`);
}

/* ---------- team links ---------- */

async function teamOfToken(db: Db, token: string): Promise<{ teamId: number; teamName: string }> {
  const { rows } = await db.query<{ id: string; data: RecordData }>(
    `SELECT id, data FROM records WHERE collection = $1 AND data->>'token' = $2 AND data->>'revokedAt' IS NULL LIMIT 1`,
    [TEAM_LINKS, token],
  );
  const link = rows[0]?.data;
  if (!link || String(link.expiresAt) < clock.now().toISOString()) throw new HttpError(404, 'Link non valido o scaduto: chiedi un nuovo link all’ufficio');
  const teamId = Number(link.teamId);
  return { teamId, teamName: (await teamNames(db, [teamId])).get(teamId) ?? '' };
}

async function fieldOrder(ctx: HandlerContext): Promise<StoredRecord> {
  const { teamId } = await teamOfToken(ctx.db, String(ctx.params.token));
  const id = idParam(ctx);
  const row = await getRecord(ctx.db, WORK_ORDERS, id);
  if (!row || Number(row.teamId) !== teamId) throw new HttpError(404, notFound(id));
  return row;
}

/* ---------- proof of posting ---------- */

async function proofOfPosting(db: Db, campaignId: number) {
  const campaign = await getRecord(db, 'campaigns', campaignId);
  if (!campaign) throw new HttpError(404, `Campagna ${campaignId} non trovata`);
  const advertiser = campaign.advertiserId ? await getRecord(db, 'advertisers', Number(campaign.advertiserId)) : undefined;
  const { rows: items } = await db.query<{ data: RecordData }>(
    `SELECT i.data FROM records i JOIN records p ON p.collection = 'plannings' AND p.id = (i.data->>'planningId')::bigint
      WHERE i.collection = 'planningItems' AND p.data->>'campaignId' = $1 AND p.data->>'status' IN ('confirmed', 'closed') AND i.data ? 'frameId'
      ORDER BY i.id`,
    [String(campaignId)],
  );
  const { rows: orders } = await db.query<{ id: string; data: RecordData }>(
    `SELECT id, data FROM records WHERE collection = $1 AND data->>'campaignId' = $2 AND data->>'type' = 'posting' ORDER BY id`,
    [WORK_ORDERS, String(campaignId)],
  );
  const posting = await toWorkOrders(db, orders.map((o) => ({ ...o.data, id: Number(o.id) }) as StoredRecord));
  const faces = await facesByIds(db, items.map((i) => Number(i.data.frameId)));
  const systems = new Map((await systemsByIds(db, [...new Set([...faces.values()].map((f) => f.systemId))])).map((s) => [s.id, s]));
  const rows = items.map((i) => {
    const face = faces.get(Number(i.data.frameId));
    const system = face ? systems.get(face.systemId) : undefined;
    const order = posting.find((o) => o.frameId === Number(i.data.frameId) && o.dueDate === String(i.data.periodStart));
    const label = `${face?.frameName ?? ''} di ${face?.systemCode ?? ''}`;
    let missing: string | null = null;
    if (!order) missing = `${label}: nessun ordine di affissione`;
    else if (order.status !== 'done') missing = `${label}: affissione non ancora fatta (${WorkOrderStatusLabels[order.status].toLowerCase()})`;
    else if (missingPhotos(order.photos).length) missing = `${label}: manca ${missingPhotos(order.photos).join(' e ')}`;
    return {
      frameId: Number(i.data.frameId),
      frameName: face?.frameName ?? '',
      systemCode: face?.systemCode ?? '',
      address: system?.address ?? '',
      municipality: system?.municipality ?? '',
      periodStart: String(i.data.periodStart),
      periodEnd: String(i.data.periodEnd),
      workOrderId: order?.id ?? null,
      status: order?.status ?? null,
      doneAt: order?.doneAt ?? null,
      photos: order?.photos ?? [],
      missing,
    };
  });
  return {
    campaignId,
    campaignName: String(campaign.name ?? ''),
    advertiserName: String(advertiser?.name ?? ''),
    faces: rows.length,
    proven: rows.filter((r) => r.missing === null).length,
    missing: rows.flatMap((r) => (r.missing ? [r.missing] : [])),
    rows,
  };
}

/** A guest (a shared campaign) reads only its campaign. */
function guestCampaign(ctx: HandlerContext): number | undefined {
  if (ctx.user?.kind !== 'guest') return undefined;
  return ctx.user.resource?.resourceType === 'campaign' ? ctx.user.resource.resourceId : -1;
}

/* ---------- handlers ---------- */

const WORK_ORDER_REFERENCES = [
  { field: 'frameId', collection: 'frames', label: 'faccia' },
  { field: 'teamId', collection: 'teams', label: 'squadra' },
] as const;

type FrameOps = operations;
type WorkOrderOps = Pick<
  FrameOps,
  | 'listWorkOrders'
  | 'createWorkOrder'
  | 'createWorkOrdersFromPlanning'
  | 'getWorkOrder'
  | 'updateWorkOrder'
  | 'createTeamLink'
  | 'getFieldOrders'
  | 'uploadFieldPhoto'
  | 'markFieldOrderDone'
  | 'reportFieldProblem'
  | 'downloadWorkOrderPhoto'
  | 'getProofOfPosting'
  | 'getProofOfPostingPdf'
  | 'getCampaignDelivery'
  | 'createMakeGood'
>;

const listWorkOrders: Handler = async (ctx) => {
  const filter = ctx.query.filter ? (JSON.parse(String(ctx.query.filter)) as Record<string, unknown>) : {};
  const wanted = filter.status === undefined ? [] : (Array.isArray(filter.status) ? filter.status : [filter.status]).map(String);
  if (wanted.length) {
    // `late` is a stored `todo` past its due date; `todo` is one not yet due.
    delete filter.status;
    ctx.query.filter = JSON.stringify(filter);
  }
  if (!ctx.query.sort) ctx.query.sort = '["dueDate","ASC"]';
  const today = todayOn();
  const result = await listResource(ctx, {
    resource: WORK_ORDERS,
    fields: ['frameId', 'systemId', 'teamId', 'planningId', 'campaignId', 'type'],
    searchFields: ['notes'],
    where: wanted.length
      ? (add) => [
          `(${wanted
            .map((s) =>
              s === 'late'
                ? `(data->>'status' = 'todo' AND data->>'dueDate' < ${add(today)})`
                : s === 'todo'
                  ? `(data->>'status' = 'todo' AND data->>'dueDate' >= ${add(today)})`
                  : `data->>'status' = ${add(s)}`,
            )
            .join(' OR ')})`,
        ]
      : undefined,
  });
  return { ...result, body: await toWorkOrders(ctx.db, result.body as StoredRecord[]) };
};

async function writeWorkOrder(ctx: HandlerContext, body: RecordData, existing?: StoredRecord): Promise<WorkOrder> {
  await requireReferences(ctx.db, body, WORK_ORDER_REFERENCES, existing);
  const face = (await facesByIds(ctx.db, [Number(body.frameId)])).get(Number(body.frameId))!;
  const type = String(body.type);
  const teamId = body.teamId === undefined ? await teamFor(ctx.db, face.systemId, type === 'maintenance' ? MAINTENANCE_DUTIES : POSTING_DUTIES) : body.teamId;
  const data: RecordData = { frameId: face.frameId, systemId: face.systemId, type, dueDate: String(body.dueDate), teamId: teamId ?? null, notes: String(body.notes ?? '') };
  if (existing) {
    const [current] = await toWorkOrders(ctx.db, [existing]);
    const wanted = (body.status as Status | undefined) ?? current.status;
    if (wanted !== current.status) {
      checkMove(RULES, current.status, wanted);
      // The office may close an order without photos; the proof of posting says what is missing.
      if (wanted === 'done') data.doneAt = nowIso();
      data.status = wanted === 'late' ? 'todo' : wanted;
    }
    await updateRecord(ctx.db, WORK_ORDERS, existing.id, data);
    return readWorkOrder(ctx.db, existing.id);
  }
  const row = await insertRecord(ctx.db, WORK_ORDERS, { ...data, status: 'todo', planningId: null, campaignId: null, photos: [], problem: null, doneAt: null, createdAt: nowIso() });
  return readWorkOrder(ctx.db, row.id);
}

export const workOrderHandlers: OperationHandlers<WorkOrderOps> = {
  listWorkOrders,
  createWorkOrder: async (ctx) => reply(201, await writeWorkOrder(ctx, ctx.body as RecordData)),
  createWorkOrdersFromPlanning: (ctx) => workOrdersFromPlanning(ctx.db, Number((ctx.body as { planningId: number }).planningId)),
  getWorkOrder: (ctx) => readWorkOrder(ctx.db, idParam(ctx)),
  // With the version read: an order saved since (by the office or its team) is refused naming who and when.
  updateWorkOrder: async (ctx) => {
    const id = idParam(ctx);
    return guardedUpdate(ctx, inRecords(WORK_ORDERS, id, 'ordine di lavoro'), async (tx) =>
      writeWorkOrder({ ...ctx, db: tx }, ctx.body as RecordData, await requireOne(tx, WORK_ORDERS, id, notFound(id))),
    );
  },
  createTeamLink: async (ctx) => {
    const body = ctx.body as { teamId: number; expiresAt?: string };
    await requireReferences(ctx.db, body, [{ field: 'teamId', collection: 'teams', label: 'squadra' }]);
    const expiresAt = body.expiresAt ?? new Date(clock.now().getTime() + 90 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (Date.parse(expiresAt) <= clock.now().getTime()) {
      throw new HttpError(400, 'La scadenza del link è già passata', { errors: [{ path: '/body/expiresAt', message: 'deve essere nel futuro' }] });
    }
    const token = randomBytes(16).toString('hex');
    await insertRecord(ctx.db, TEAM_LINKS, { teamId: body.teamId, token, expiresAt, createdBy: ctx.user?.username ?? null, revokedAt: null });
    return reply(201, { teamId: body.teamId, teamName: (await teamNames(ctx.db, [body.teamId])).get(body.teamId) ?? '', token, expiresAt });
  },
  getFieldOrders: async (ctx) => {
    const team = await teamOfToken(ctx.db, String(ctx.params.token));
    const today = todayOn();
    const { rows } = await ctx.db.query<{ id: string; data: RecordData }>(
      `SELECT id, data FROM records WHERE collection = $1 AND data->>'teamId' = $2
          AND ((data->>'status' IN ('todo', 'problem') AND data->>'dueDate' <= $3) OR (data->>'status' = 'done' AND data->>'doneAt' >= $4))
        ORDER BY data->>'dueDate', id LIMIT 500`,
      [WORK_ORDERS, String(team.teamId), addDays(today, 7), addDays(today, -7)],
    );
    const workOrders = await toWorkOrders(ctx.db, rows.map((r) => ({ ...r.data, id: Number(r.id) }) as StoredRecord));
    return { ...team, maxDistanceMeters: MAX_DISTANCE_METERS, workOrders };
  },
  uploadFieldPhoto: async (ctx) => {
    const row = await fieldOrder(ctx);
    const kind = (ctx.body as { kind?: string }).kind === 'close' ? 'close' : 'wide';
    return reply(201, await addPhoto(ctx, row, kind));
  },
  markFieldOrderDone: async (ctx) => {
    const row = await fieldOrder(ctx);
    const [order] = await toWorkOrders(ctx.db, [row]);
    checkMove(RULES, order.status, 'done');
    checkDone(order);
    const note = (ctx.body as { note?: string } | undefined)?.note?.trim();
    await updateRecord(ctx.db, WORK_ORDERS, row.id, { status: 'done', doneAt: nowIso(), notes: note ? [order.notes, note].filter(Boolean).join('\n') : order.notes });
    return readWorkOrder(ctx.db, row.id);
  },
  reportFieldProblem: async (ctx) => {
    const row = await fieldOrder(ctx);
    const [order] = await toWorkOrders(ctx.db, [row]);
    checkMove(RULES, order.status, 'problem');
    const body = ctx.body as { kind: NonNullable<WorkOrder['problem']>['kind']; note?: string };
    const problem = { kind: body.kind, note: body.note?.trim() ?? '', reportedAt: nowIso() };
    await updateRecord(ctx.db, WORK_ORDERS, row.id, { status: 'problem', problem });
    const teamId = (await teamFor(ctx.db, order.systemId, MAINTENANCE_DUTIES)) ?? order.teamId;
    const labels: Record<string, string> = { torn: 'Strappato', dark: 'Schermo spento', vandalised: 'Vandalizzato', missing: 'Manifesto mancante', other: 'Altro' };
    const maintenance = await insertRecord(ctx.db, WORK_ORDERS, {
      frameId: order.frameId,
      systemId: order.systemId,
      type: 'maintenance',
      dueDate: addDays(todayOn(), 1),
      teamId,
      status: 'todo',
      notes: `${labels[body.kind] ?? body.kind}${problem.note ? `: ${problem.note}` : ''} (da ${order.code})`,
      sourceWorkOrderId: row.id,
      planningId: order.planningId,
      campaignId: order.campaignId,
      photos: [],
      problem: null,
      doneAt: null,
      createdAt: nowIso(),
    });
    const opened = await readWorkOrder(ctx.db, maintenance.id);
    await noticeWorkOrderProblem(ctx.db, order, `${(labels[body.kind] ?? body.kind).toLowerCase()}${problem.note ? ` (${problem.note})` : ''}`, opened);
    return { workOrder: await readWorkOrder(ctx.db, row.id), maintenance: opened };
  },
  downloadWorkOrderPhoto: async (ctx) => {
    const id = idParam(ctx);
    const stored = await readFile(ctx.db, id);
    if (!stored || stored.ownerCollection !== WORK_ORDERS) throw new HttpError(404, `Foto ${id} non trovata`);
    const guest = guestCampaign(ctx);
    if (guest !== undefined) {
      const order = stored.ownerId ? await getRecord(ctx.db, WORK_ORDERS, stored.ownerId) : undefined;
      if (!order || Number(order.campaignId) !== guest) throw new HttpError(404, `Foto ${id} non trovata`);
    }
    return file(stored.content, stored.mediaType, stored.fileName);
  },
  getProofOfPosting: async (ctx) => {
    const campaignId = Number(ctx.params.campaignId);
    const guest = guestCampaign(ctx);
    if (guest !== undefined && guest !== campaignId) throw new HttpError(404, `Campagna ${campaignId} non trovata`);
    return proofOfPosting(ctx.db, campaignId);
  },
  getProofOfPostingPdf: async (ctx) => {
    const campaignId = Number(ctx.params.campaignId);
    const guest = guestCampaign(ctx);
    if (guest !== undefined && guest !== campaignId) throw new HttpError(404, `Campagna ${campaignId} non trovata`);
    const proof = await proofOfPosting(ctx.db, campaignId);
    const photo = async (id: number) => {
      const stored = await readFile(ctx.db, id);
      return stored?.ownerCollection === WORK_ORDERS ? stored : undefined;
    };
    return file(await proofOfPostingPdf(proof, seller(), photo, todayOn()), 'application/pdf', `prova-affissione-${campaignId}.pdf`);
  },
  getCampaignDelivery: (ctx) => campaignDelivery(ctx.db, Number(ctx.params.campaignId)),
  createMakeGood,
};
