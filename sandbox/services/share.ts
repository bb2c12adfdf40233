import { randomBytes } from 'node:crypto';
import type { components, operations } from '../../src/api/generated/share';
import { issueTokens, revokeUserSessions } from '../auth';
import type { Db } from '../db';
import { HttpError, reply, type HandlerContext } from '../http';
import { deleteRecord, getRecord, guardedUpdate, inRecords, insertRecord, lockVersionOf, updateRecord, type StoredRecord } from '../store';
import { defineHandlers } from '../typed';
import { mayRead, readResource } from '../shared/resources';
import { APP_ORIGIN, sendMailAs } from '../shared/mail';
import { clock } from '../clock';
import { clientViewOf, personName } from '../shared/clientViews';
import { latestVersionId, recordClientAnswer, type ClientAnswer } from '../shared/estimateAnswers';

/*
 * The share service: tokenised links (collection `shares` of the record store) and the guest
 * access they give. A guest session's username is `guest:<shareId>`, so deleting a share or
 * regenerating its token revokes the guest tokens issued for it.
 *
 * Sharing never widens access: a staff member creates, lists or reads the shares of a resource only
 * when the resource's own service lets their role read it (`mayRead`, from the `x-roles` of the
 * documents). A share's token is shown, changed, mailed or revoked only by those who manage it: its
 * creator and ROLE_ADMIN.
 */

type Share = components['schemas']['Share'];
type ResourceType = components['schemas']['ResourceType'];

const LABELS: Record<ResourceType, string> = {
  estimate: 'Preventivo',
  planning: 'Pianificazione',
  campaign: 'Campagna',
  order: 'Ordine',
  system: 'Impianto',
};

/**
 * The heading a client reads: the kind, the record's own code when it has one (an order's ORD-…, a
 * system's), else an estimate's number (its offer number), then its name; a record with neither
 * code nor number by its name in quotes.
 */
function titleOf(resourceType: ResourceType, resourceId: number, record?: Record<string, unknown>): string {
  const text = (k: string) => (typeof record?.[k] === 'string' && String(record[k]).trim() ? String(record[k]).trim() : undefined);
  const code = text('code');
  const ref = code ?? (resourceType === 'estimate' || !record ? String(resourceId) : undefined);
  const name = ['name', 'title', 'description', 'address'].map(text).find(Boolean);
  // A record with no code of its own (a campaign, a planning) is called by its name alone.
  if (!ref) return name ? `${LABELS[resourceType]} «${name}»` : LABELS[resourceType];
  const base = `${LABELS[resourceType]} ${ref}`;
  return name ? `${base} - ${name}` : base;
}

/* ---------- shares ---------- */

const newToken = () => randomBytes(18).toString('base64url'); // 24 URL-safe characters

export const viewPathOf = (s: { resourceType: string; resourceId: number; token: string }) =>
  `/resource/${s.resourceType}/${s.resourceId}/token/${s.token}/view`;

function toShare(record: StoredRecord): Share {
  const resourceType = record.resourceType as ResourceType;
  const resourceId = Number(record.resourceId);
  const token = String(record.token);
  return {
    id: record.id,
    resourceId,
    resourceType,
    token,
    createdAt: String(record.createdAt),
    expiresAt: (record.expiresAt as string | null | undefined) ?? null,
    createdBy: String(record.createdBy),
    viewPath: viewPathOf({ resourceType, resourceId, token }),
    firstOpenedAt: (record.firstOpenedAt as string | null | undefined) ?? null,
    lastOpenedAt: (record.lastOpenedAt as string | null | undefined) ?? null,
    ...lockVersionOf(record),
  };
}

const isExpired = (share: Share) => share.expiresAt !== null && share.expiresAt !== undefined && Date.parse(share.expiresAt) <= clock.now().getTime();

function futureExpiry(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const t = Date.parse(value);
  if (Number.isNaN(t) || t <= clock.now().getTime()) {
    throw new HttpError(422, 'La data di scadenza deve essere futura', { errors: [{ path: '/body/expiresAt', message: 'deve essere una data futura' }] });
  }
  return new Date(t).toISOString();
}

async function requireShare(db: Db, id: number): Promise<Share> {
  const record = await getRecord(db, 'shares', id);
  if (!record) throw new HttpError(404, 'Condivisione non trovata');
  return toShare(record);
}

const guestName = (shareId: number) => `guest:${shareId}`;

/** Guest sessions of a share never outlive it. */
async function capGuestSessions(db: Db, shareId: number, expiresAt: string | null) {
  if (!expiresAt) return;
  await db.query(
    `UPDATE sessions SET access_expires_at = LEAST(access_expires_at, $2::timestamptz), refresh_expires_at = LEAST(refresh_expires_at, $2::timestamptz)
      WHERE username = $1 AND kind = 'guest' AND NOT revoked`,
    [guestName(shareId), expiresAt],
  );
}

/** The roles that manage every share, whoever created it. */
const SHARE_MANAGERS: readonly string[] = ['ROLE_ADMIN'];

function requireReadable(ctx: HandlerContext, resourceType: ResourceType) {
  const user = ctx.user!;
  if (user.kind === 'user' && !mayRead(user.role, resourceType)) {
    throw new HttpError(403, `Il tuo ruolo non può leggere questo tipo di risorsa (${LABELS[resourceType].toLowerCase()}), né condividerla`);
  }
}

const manages = (ctx: HandlerContext, share: Share) => share.createdBy === ctx.user!.username || SHARE_MANAGERS.includes(ctx.user!.role);

/** A share the caller may manage: the resource readable by their role, and the share theirs (or they ROLE_ADMIN). */
async function requireManaged(ctx: HandlerContext, db: Db, id: number): Promise<Share> {
  const share = await requireShare(db, id);
  requireReadable(ctx, share.resourceType);
  if (!manages(ctx, share)) throw new HttpError(403, 'Solo chi ha creato il link o un Super Admin può gestirlo');
  return share;
}

function shareIdOfGuest(ctx: HandlerContext): number | undefined {
  const m = /^guest:(\d+)$/.exec(ctx.user?.username ?? '');
  return m ? Number(m[1]) : undefined;
}

/** The live share of the caller's guest token, for this very resource (403 for another, 401 once gone). */
async function guestShare(ctx: HandlerContext, resourceType: ResourceType, resourceId: number): Promise<Share> {
  const r = ctx.user?.kind === 'guest' ? ctx.user.resource : undefined;
  if (!r || r.resourceType !== resourceType || Number(r.resourceId) !== resourceId) {
    throw new HttpError(403, 'Il link condiviso non dà accesso a questa risorsa');
  }
  const shareId = shareIdOfGuest(ctx);
  const record = shareId ? await getRecord(ctx.db, 'shares', shareId) : undefined;
  const share = record && toShare(record);
  if (!share || isExpired(share)) throw new HttpError(401, 'Il link di condivisione non è più valido');
  return share;
}

const whenIt = (iso: string) => new Date(iso).toLocaleString('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long', timeStyle: 'short' });

/**
 * The client's answer to a shared offer (acceptance or request for changes): recorded on the
 * newest version of the link's estimate, then mailed to the link's creator.
 */
async function answerSharedEstimate(ctx: HandlerContext, answer: (at: string, address?: string) => ClientAnswer) {
  const resourceType = ctx.query.resourceType as ResourceType;
  const resourceId = Number(ctx.query.resourceId);
  const share = await guestShare(ctx, resourceType, resourceId);
  if (resourceType !== 'estimate') throw new HttpError(409, 'Solo un preventivo condiviso si può accettare o far modificare');
  const at = clock.now().toISOString();
  const address = ctx.clientAddress || undefined;
  const given = answer(at, address);
  return ctx.db.transaction(async (tx) => {
    const estimateId = await latestVersionId(tx, resourceId);
    const estimate = await recordClientAnswer(tx, estimateId, given, clock.now());
    const { rows } = await tx.query<{ email: string | null }>(`SELECT data->>'email' AS email FROM users WHERE username = $1`, [share.createdBy]);
    const to = rows[0]?.email;
    if (to) {
      const title = `Preventivo ${estimate.id} - ${estimate.name}`;
      const link = `${APP_ORIGIN}/estimates/${estimate.id}`;
      const body =
        given.kind === 'accepted'
          ? `${given.name} (${given.role}) ha accettato online l'offerta ${title} il ${whenIt(at)}.\nApra il preventivo: ${link}`
          : `${given.name} ha chiesto modifiche all'offerta ${title} il ${whenIt(at)}:\n\n${given.note}\n\nApra il preventivo: ${link}`;
      await sendMailAs(ctx.services, tx, {
        to,
        subject: given.kind === 'accepted' ? `Offerta accettata: ${title}` : `Richiesta di modifiche: ${title}`,
        body,
        kind: 'generic',
        sentBy: 'system',
        relatedResource: { resourceType: 'estimate', resourceId: estimate.id },
      });
    }
    const { address: _a, ...rest } = given;
    return { ...rest, estimateId: estimate.id, ...(address ? { address } : {}) };
  });
}

export const handlers = defineHandlers<operations>({
  async acceptSharedEstimate(ctx) {
    const { name, role } = ctx.body;
    return answerSharedEstimate(ctx, (at, address) => ({ kind: 'accepted', name: name.trim(), role: role.trim(), at, address }));
  },

  async requestSharedEstimateChanges(ctx) {
    const { name, note } = ctx.body;
    return answerSharedEstimate(ctx, (at, address) => ({ kind: 'changes', name: name.trim(), note: note.trim(), at, address }));
  },

  async createShare(ctx) {
    const input = ctx.body;
    requireReadable(ctx, input.resourceType);
    const expiresAt = futureExpiry(input.expiresAt);
    const resourceId = Number(input.resourceId);
    const found = await readResource(ctx.db, input.resourceType, resourceId);
    if (found.status === 'missing') throw new HttpError(404, `Risorsa non trovata: ${LABELS[input.resourceType].toLowerCase()} ${resourceId}`);
    const record = await insertRecord(ctx.db, 'shares', {
      resourceId,
      resourceType: input.resourceType,
      token: newToken(),
      createdAt: clock.now().toISOString(),
      expiresAt,
      createdBy: ctx.user!.username,
    });
    return reply(201, toShare(record));
  },

  async listSharesByResource(ctx) {
    requireReadable(ctx, ctx.query.resourceType);
    const { rows } = await ctx.db.query<{ id: string; data: Record<string, unknown> }>(
      `SELECT id, data FROM records WHERE collection = 'shares' AND data->>'resourceType' = $1 AND data->>'resourceId' = $2
        ORDER BY data->>'createdAt' DESC, id DESC`,
      [String(ctx.query.resourceType), String(Number(ctx.query.resourceId))],
    );
    // Others' links (and their tokens) only to those who manage them.
    return rows.map((r) => toShare({ ...r.data, id: Number(r.id) })).filter((share) => manages(ctx, share));
  },

  async updateShare(ctx) {
    const id = Number(ctx.query.id);
    const input = ctx.body;
    return guardedUpdate(ctx, inRecords('shares', id, 'link di condivisione'), async (tx) => {
      await requireManaged(ctx, tx, id);
      const patch: Record<string, unknown> = {};
      if ('expiresAt' in input) patch.expiresAt = futureExpiry(input.expiresAt);
      if (input.regenerateToken) patch.token = newToken();
      const updated = toShare((await updateRecord(tx, 'shares', id, patch))!);
      // A new token invalidates the links already sent, and the guest access they gave.
      if (input.regenerateToken) await revokeUserSessions(tx, guestName(id));
      else await capGuestSessions(tx, id, updated.expiresAt ?? null);
      return updated;
    });
  },

  async deleteShare(ctx) {
    const id = Number(ctx.query.id);
    return ctx.db.transaction(async (tx) => {
      await requireManaged(ctx, tx, id);
      const deleted = await deleteRecord(tx, 'shares', id);
      if (!deleted) throw new HttpError(404, 'Condivisione non trovata');
      await revokeUserSessions(tx, guestName(id));
      return toShare(deleted);
    });
  },

  async sendShareLink(ctx) {
    const id = Number(ctx.query.id);
    const input = ctx.body;
    return ctx.db.transaction(async (tx) => {
      const share = await requireManaged(ctx, tx, id);
      if (isExpired(share)) throw new HttpError(422, 'Il link di condivisione è scaduto');
      const found = await readResource(tx, share.resourceType, share.resourceId);
      const title = titleOf(share.resourceType, share.resourceId, found.status === 'found' ? found.record : undefined);
      const link = `${APP_ORIGIN}${share.viewPath}`;
      const expiry = share.expiresAt
        ? `\nIl link è valido fino al ${new Date(share.expiresAt).toLocaleString('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long', timeStyle: 'short' })}.`
        : '';
      const sender = (await personName(tx, ctx.user!.username)) ?? ctx.user!.username;
      const body = `${input.message ? `${input.message.trim()}\n\n` : ''}${sender} ha condiviso con lei: ${title}.\nApra il link: ${link}${expiry}`;
      const mail = await sendMailAs(ctx.services, tx, {
        to: input.to,
        subject: `Condivisione: ${title}`,
        body,
        kind: 'share-link',
        secrets: [share.token],
        sentBy: ctx.user!.username,
        relatedResource: { resourceType: share.resourceType, resourceId: share.resourceId },
      });
      const stored = await getRecord(tx, 'mails', mail.id);
      return { shareId: id, to: input.to, mailId: mail.id, sentAt: String(stored?.sentAt ?? clock.now().toISOString()) };
    });
  },

  async authenticateShareToken(ctx) {
    const { resourceType, token } = ctx.query;
    const resourceId = Number(ctx.query.resourceId);
    const { rows } = await ctx.db.query<{ id: string; data: Record<string, unknown> }>(
      `SELECT id, data FROM records WHERE collection = 'shares' AND data->>'token' = $1`,
      [String(token)],
    );
    if (!rows[0]) throw new HttpError(404, 'Link di condivisione non trovato');
    const share = toShare({ ...rows[0].data, id: Number(rows[0].id) });
    if (share.resourceType !== resourceType || share.resourceId !== resourceId) throw new HttpError(401, 'Token non valido per questa risorsa');
    if (isExpired(share)) throw new HttpError(422, 'Il link di condivisione è scaduto');
    const issued = await ctx.db.transaction(async (tx) => {
      const tokens = await issueTokens(tx, guestName(share.id), 'guest', { resource: { resourceType: share.resourceType, resourceId: share.resourceId } });
      await capGuestSessions(tx, share.id, share.expiresAt ?? null);
      const { rows: s } = await tx.query<{ access_expires_at: Date | string }>('SELECT access_expires_at FROM sessions WHERE access_token = $1', [
        tokens.access_token,
      ]);
      return { accessToken: tokens.access_token, expiresAt: new Date(s[0].access_expires_at).toISOString() };
    });
    return reply(
      200,
      { token_type: 'bearer', access_token: issued.accessToken, resourceType: share.resourceType, resourceId: share.resourceId, expiresAt: issued.expiresAt },
      { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
    );
  },

  async getSharedResource(ctx) {
    const resourceType = ctx.query.resourceType;
    const resourceId = Number(ctx.query.resourceId);
    let share: Share | undefined;
    if (ctx.user?.kind === 'guest') {
      share = await guestShare(ctx, resourceType, resourceId);
      // The seller sees when the link was first and last opened.
      const now = clock.now().toISOString();
      await updateRecord(ctx.db, 'shares', share.id, { firstOpenedAt: share.firstOpenedAt ?? now, lastOpenedAt: now });
    } else {
      requireReadable(ctx, resourceType);
      const { rows } = await ctx.db.query<{ id: string; data: Record<string, unknown> }>(
        `SELECT id, data FROM records WHERE collection = 'shares' AND data->>'resourceType' = $1 AND data->>'resourceId' = $2
          ORDER BY data->>'createdAt' DESC, id DESC LIMIT 1`,
        [resourceType, String(resourceId)],
      );
      share = rows[0] ? toShare({ ...rows[0].data, id: Number(rows[0].id) }) : undefined;
    }
    // A revised estimate's link shows its newest version, saying it replaced the link's one.
    const shownId = resourceType === 'estimate' ? await latestVersionId(ctx.db, resourceId) : resourceId;
    const found = await readResource(ctx.db, resourceType, shownId);
    if (found.status === 'missing' || (found.status === 'unknown' && !share)) {
      throw new HttpError(404, `Risorsa non trovata: ${LABELS[resourceType].toLowerCase()} ${resourceId}`);
    }
    // Until the owning service has records in the sandbox, the share tells what it knows.
    const data = found.status === 'found' ? { ...found.record, id: shownId } : { id: shownId, resourceType };
    const view = found.status === 'found' ? await clientViewOf(ctx.db, resourceType, data) : {};
    const sharedByName = share ? await personName(ctx.db, share.createdBy) : undefined;
    return {
      resourceType,
      resourceId: shownId,
      ...(shownId !== resourceId ? { replacedResourceId: resourceId } : {}),
      title: titleOf(resourceType, shownId, found.status === 'found' ? found.record : undefined),
      ...(share ? { sharedBy: share.createdBy, expiresAt: share.expiresAt ?? null } : {}),
      ...(sharedByName ? { sharedByName } : {}),
      data,
      view,
    };
  },
});
