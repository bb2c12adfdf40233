import type { Db } from '../db';
import type { RecordData, StoredRecord } from '../store';
import { notify, registerSweep, usernamesByIds, usernamesWithRoles } from './notices';
import { addDays, itDate } from './reservations';
import { toWorkOrders, WORK_ORDERS } from './workOrders';

/*
 * What is due, told in the inbox: work orders past their date and campaigns about to start without
 * an approved creative (the sweeps, run when the inbox is read); and the events that reach it from
 * the field and the client: a problem reported on a face.
 */

/** Who hears of the field's work: the administrators and the asset managers. */
export const FIELD_ROLES = ['ROLE_ADMIN', 'ROLE_ASSETMANAGER'] as const;
/** Who may act on a campaign's creatives among its members. */
const CREATIVE_ROLES = ['ROLE_DESIGNER', 'ROLE_SALES', 'ROLE_SALESLEADER'];
/** A campaign starting within these days (or already started) needs an approved creative. */
export const CREATIVES_DUE_DAYS = 7;

const TYPE_LABELS: Record<string, string> = { posting: 'affissione', removal: 'rimozione', maintenance: 'manutenzione' };

/** The work orders screen showing just these orders (a filter shown, so that it can be removed). */
export const workOrdersLink = (ids: number[]) =>
  `/providers/workOrders?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}&displayedFilters=${encodeURIComponent(JSON.stringify({ id: true }))}`;

const rowsOf = (rows: Array<{ id: string; data: RecordData }>): StoredRecord[] => rows.map((r) => ({ ...r.data, id: Number(r.id) }) as StoredRecord);

/** Every work order past its due date and not done (a stored `todo` before today), once per order to each admin and asset manager. */
async function workOrdersLate(db: Db, day: string): Promise<void> {
  const { rows } = await db.query<{ id: string; data: RecordData }>(
    `SELECT id, data FROM records WHERE collection = $1 AND data->>'status' = 'todo' AND data->>'dueDate' < $2 ORDER BY data->>'dueDate', id`,
    [WORK_ORDERS, day],
  );
  if (!rows.length) return;
  const users = await usernamesWithRoles(db, FIELD_ROLES);
  for (const order of await toWorkOrders(db, rowsOf(rows))) {
    const team = order.teamName ? `squadra ${order.teamName}` : 'nessuna squadra assegnata';
    const message = `${order.code} (${TYPE_LABELS[order.type] ?? order.type}) in ritardo: ${order.frameName} di ${order.systemCode}, ${team}, da fare entro il ${itDate(order.dueDate)}`;
    for (const username of users) {
      await notify(db, { username, kind: 'workOrderLate', message, link: workOrdersLink([order.id]), key: `workOrderLate:${order.id}` });
    }
  }
}
registerSweep('workOrdersLate', workOrdersLate);

/** A problem a team reported on an order: the admins and asset managers are told, with the maintenance order it opened. */
export async function noticeWorkOrderProblem(
  db: Db,
  order: { id: number; code: string; frameName: string; systemCode: string; teamName: string },
  problem: string,
  maintenance: { id: number; code: string },
): Promise<void> {
  const by = order.teamName ? `La squadra ${order.teamName}` : 'Una squadra';
  const message = `${by} segnala su ${order.frameName} di ${order.systemCode} (${order.code}): ${problem}. Aperto ${maintenance.code} di manutenzione`;
  for (const username of await usernamesWithRoles(db, FIELD_ROLES)) {
    await notify(db, { username, kind: 'workOrderProblem', message, link: workOrdersLink([maintenance.id, order.id]), key: `workOrderProblem:${maintenance.id}` });
  }
}

/**
 * Campaigns planned or running that start within a week (or have started) and are not over, with no
 * approved creative: their seller (the order's) and their members who may act on creatives are told,
 * once per campaign and start day.
 */
async function creativesMissing(db: Db, day: string): Promise<void> {
  const { rows } = await db.query<{ id: string; data: RecordData; seller: string | null }>(
    `SELECT c.id, c.data, o.data->>'salesId' AS seller
       FROM records c
       LEFT JOIN records o ON o.collection = 'orders' AND o.id::text = c.data->>'orderId'
      WHERE c.collection = 'campaigns' AND c.data->>'status' IN ('planned', 'running')
        AND c.data->>'periodStart' <= $1 AND c.data->>'periodEnd' >= $2
        AND NOT EXISTS (SELECT 1 FROM records k WHERE k.collection = 'creatives' AND k.data->>'campaignId' = c.id::text AND k.data->>'status' = 'approved')
      ORDER BY c.id`,
    [addDays(day, CREATIVES_DUE_DAYS), day],
  );
  for (const c of rows) {
    const { rows: members } = await db.query<{ username: string }>(
      `SELECT data->>'username' AS username FROM records WHERE collection = 'campaignMembers' AND data->>'campaignId' = $1 AND data->>'role' = ANY($2::text[])`,
      [c.id, CREATIVE_ROLES],
    );
    const sellers = c.seller ? await usernamesByIds(db, [Number(c.seller)]) : [];
    const recipients = [...new Set([...sellers, ...members.map((m) => m.username)])];
    const start = String(c.data.periodStart);
    const when = start > day ? `inizia il ${itDate(start)}` : `è iniziata il ${itDate(start)}`;
    const message = `La campagna «${String(c.data.name)}» ${when} e non ha creatività approvate`;
    for (const username of recipients) {
      await notify(db, { username, kind: 'creativesMissing', message, link: `/campaigns/${c.id}/creatives`, key: `creativesMissing:${c.id}:${start}` });
    }
  }
}
registerSweep('creativesMissing', creativesMissing);
