import type { components, operations } from '../../src/api/generated/mail';
import type { Db } from '../db';
import { HttpError, reply, type Principal } from '../http';
import { redactSecrets, SECRET_LINK_SQL, sendMailAs, type OutgoingMail } from '../shared/mail';
import { deleteRecord, getRecord, insertRecord, simpleRestQuery } from '../store';
import type { SeedOptions } from '../seed/options';
import { defineHandlers } from '../typed';

/*
 * The mail service: the outbox, collection `mails` of the record store, spoken as the
 * ra-data-simple-rest resource `mails`. Every mail the sandbox sends lands here (the services
 * send through `ctx.services.sendMail`, see sandbox/internal.ts); nothing leaves the machine.
 *
 * A mail's secrets (reset, confirmation and share tokens) belong to its recipient: every answer of
 * this service shows the body with them hidden, whoever asks, and a search never reaches them. The
 * body as delivered is read only by `testMailbox`, the sandbox's stand-in for the recipient's
 * mailbox, served when the sandbox is started for tests (`--test-mailbox`).
 */

type Mail = components['schemas']['Mail'];
type MailKind = components['schemas']['MailKind'];
type RelatedResource = components['schemas']['RelatedResource'];

const KINDS: MailKind[] = ['password-reset', 'share-link', 'agent-report', 'signup-confirmation', 'generic'];
const MANAGERS = ['ROLE_ADMIN', 'ROLE_MANAGER'];

/** The related record as the document shows it, whichever form it was stored in (`"estimate:42"` too). */
function relatedOf(value: unknown): RelatedResource | null {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    const id = Number(v.resourceId);
    if (typeof v.resourceType === 'string' && Number.isInteger(id) && id >= 1) return { resourceType: v.resourceType, resourceId: id };
    return null;
  }
  if (typeof value === 'string') {
    const m = /^([A-Za-z][\w-]*)[:/#](\d+)$/.exec(value.trim());
    if (m && Number(m[2]) >= 1) return { resourceType: m[1], resourceId: Number(m[2]) };
  }
  return null;
}

export function toMail(row: { id: number } & Record<string, unknown>): Mail {
  const kind = KINDS.includes(row.kind as MailKind) ? (row.kind as MailKind) : 'generic';
  return {
    id: row.id,
    to: String(row.to ?? ''),
    subject: String(row.subject ?? ''),
    body: redactSecrets(String(row.body ?? '')),
    kind,
    sentAt: typeof row.sentAt === 'string' ? row.sentAt : new Date(0).toISOString(),
    sentBy: typeof row.sentBy === 'string' && row.sentBy ? row.sentBy : 'system',
    relatedResource: relatedOf(row.relatedResource),
  };
}

const canSeeAll = (ctx: { user?: Principal }) => Boolean(ctx.user && MANAGERS.includes(ctx.user.role));

/* SQL views of a stored mail's fields (sender defaults to `system`; related record in either form). */
const SENT_BY = `COALESCE(NULLIF(data->>'sentBy', ''), 'system')`;
const REL_TYPE = `CASE jsonb_typeof(data->'relatedResource')
  WHEN 'object' THEN data->'relatedResource'->>'resourceType'
  WHEN 'string' THEN substring(data->>'relatedResource' from '^([A-Za-z][\\w-]*)[:/#]') END`;
const REL_ID = `CASE jsonb_typeof(data->'relatedResource')
  WHEN 'object' THEN data->'relatedResource'->>'resourceId'
  WHEN 'string' THEN substring(data->>'relatedResource' from '[:/#]([0-9]+)$') END`;
const SORT_FIELDS: Record<string, string> = {
  id: 'id',
  to: `lower(data->>'to')`,
  subject: `lower(data->>'subject')`,
  kind: `data->>'kind'`,
  sentAt: `data->>'sentAt'`,
};

function parseMoment(value: unknown, name: string): string {
  const t = Date.parse(String(value));
  if (Number.isNaN(t)) throw new HttpError(400, `Il filtro ${name} deve essere una data-ora valida`);
  return new Date(t).toISOString();
}

export const handlers = defineHandlers<operations>({
  async listMails(ctx) {
    const q = simpleRestQuery(ctx.query as Record<string, unknown>);
    const where = [`collection = 'mails'`];
    const params: unknown[] = [];
    const add = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (!canSeeAll(ctx)) where.push(`${SENT_BY} = ${add(ctx.user!.username)}`);
    for (const [key, value] of Object.entries(q.filter ?? {})) {
      if (value === undefined || value === null || value === '') continue;
      switch (key) {
        case 'q':
          where.push(`concat_ws(' ', data->>'to', data->>'subject', regexp_replace(data->>'body', ${add(SECRET_LINK_SQL)}, '', 'g')) ILIKE ${add(`%${String(value)}%`)}`);
          break;
        case 'to':
          where.push(`lower(data->>'to') = lower(${add(String(value))})`);
          break;
        case 'kind':
          where.push(`data->>'kind' = ANY(${add((Array.isArray(value) ? value : [value]).map(String))}::text[])`);
          break;
        case 'id': {
          const ids = (Array.isArray(value) ? value : [value]).map(Number).filter(Number.isSafeInteger); // no record has an id beyond them
          where.push(`id = ANY(${add(ids)}::bigint[])`);
          break;
        }
        case 'sentBy':
          where.push(`${SENT_BY} = ${add(String(value))}`);
          break;
        case 'resourceType':
          where.push(`(${REL_TYPE}) = ${add(String(value))}`);
          break;
        case 'resourceId':
          where.push(`(${REL_ID}) = ${add(String(Number(value)))}`);
          break;
        case 'sentAt_gte':
          where.push(`data->>'sentAt' >= ${add(parseMoment(value, key))}`);
          break;
        case 'sentAt_lte':
          where.push(`data->>'sentAt' <= ${add(parseMoment(value, key))}`);
          break;
        default:
          throw new HttpError(400, `Filtro sconosciuto: ${key}`, { errors: [{ path: '/query/filter', message: `campo ${key} non filtrabile` }] });
      }
    }
    const [field, direction] = q.sort ?? ['sentAt', 'DESC'];
    const column = SORT_FIELDS[field];
    if (!column) throw new HttpError(400, `Ordinamento non ammesso: ${field}`);
    const dir = direction === 'ASC' ? 'ASC' : 'DESC';
    const [start, end] = q.range ?? [0, 24];
    const limit = Math.min(10000, end - start + 1);
    const { rows } = await ctx.db.query<{ id: string; data: Record<string, unknown>; total: string }>(
      `SELECT id, data, count(*) OVER () AS total FROM records WHERE ${where.join(' AND ')}
        ORDER BY ${column} ${dir} NULLS LAST, id ${dir} LIMIT ${limit} OFFSET ${start}`,
      params,
    );
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (!rows.length && start > 0) {
      const c = await ctx.db.query<{ n: string }>(`SELECT count(*) AS n FROM records WHERE ${where.join(' AND ')}`, params);
      total = Number(c.rows[0].n);
    }
    const mails = rows.map((r) => toMail({ ...r.data, id: Number(r.id) }));
    const range = mails.length ? `${start}-${start + mails.length - 1}` : '*';
    return reply(200, mails, { 'Content-Range': `mails ${range}/${total}`, 'Access-Control-Expose-Headers': 'Content-Range' });
  },

  async sendMail(ctx) {
    const input = ctx.body;
    const { id } = await sendMailAs(ctx.services, ctx.db, {
      to: input.to,
      subject: input.subject,
      body: input.body,
      kind: input.kind ?? 'generic',
      sentBy: ctx.user!.username,
      relatedResource: input.relatedResource ?? null,
    });
    const stored = await getRecord(ctx.db, 'mails', id);
    return reply(201, toMail(stored!));
  },

  async getMail(ctx) {
    const id = Number(ctx.params.id);
    const stored = await getRecord(ctx.db, 'mails', id);
    const mail = stored && toMail(stored);
    if (!mail || (!canSeeAll(ctx) && mail.sentBy !== ctx.user!.username)) throw new HttpError(404, 'Mail non trovata');
    return mail;
  },

  async deleteMail(ctx) {
    const deleted = await deleteRecord(ctx.db, 'mails', Number(ctx.params.id));
    if (!deleted) throw new HttpError(404, 'Mail non trovata');
    return toMail(deleted);
  },
});

/**
 * The recipient's side of the outbox, for tests only (never an operation of the service): the mails
 * sent to `to`, newest first, with their bodies as delivered, secrets included. Served by the
 * sandbox at GET /internal/mailbox?to=… only when started with `--test-mailbox`.
 */
export async function testMailbox(db: Db, query: URLSearchParams): Promise<unknown> {
  const to = query.get('to')?.trim();
  if (!to) throw new HttpError(400, 'Indicare il destinatario (to)');
  const kind = query.get('kind');
  const { rows } = await db.query<{ id: string; data: Record<string, unknown> }>(
    `SELECT id, data FROM records WHERE collection = 'mails' AND lower(data->>'to') = lower($1) AND ($2::text IS NULL OR data->>'kind' = $2)
      ORDER BY data->>'sentAt' DESC, id DESC LIMIT 50`,
    [to, kind],
  );
  return rows.map((r) => ({ ...toMail({ ...r.data, id: Number(r.id) }), body: String(r.data.deliveredBody ?? r.data.body ?? '') }));
}

/** A few mails already in the outbox, so the list is not empty on a fresh sandbox. */
export async function seed(db: Db, _options: SeedOptions): Promise<void> {
  const mails: Array<OutgoingMail & { sentAt: string }> = [
    {
      to: 'ufficio.stampa@comune.milano.it',
      subject: 'Report rilevazioni febbraio 2026',
      body: 'Buongiorno,\n\nin allegato il riepilogo delle rilevazioni di febbraio sulle affissioni di Milano.\n\nCordiali saluti\nDavide Ricci',
      kind: 'agent-report',
      sentBy: 'mediamonitor',
      relatedResource: null,
      sentAt: '2026-02-28T17:00:00.000Z',
    },
    {
      to: 'marketing@birrificiolombardo.it',
      subject: 'Proposta campagna primavera 2026',
      body: 'Buongiorno,\n\ncome d’accordo le invio la proposta per la campagna di primavera su Milano e provincia.\nResto a disposizione per ogni chiarimento.\n\nLuca Bianchi',
      kind: 'generic',
      sentBy: 'sales',
      relatedResource: null,
      sentAt: '2026-02-20T10:15:00.000Z',
    },
  ];
  for (const mail of mails) await insertRecord(db, 'mails', { ...mail });
}
