import type { Db } from '../db';
import type { RecordData, StoredRecord } from '../store';

/* The links between orders and campaigns (collection `orderCampaigns`): the order service owns them, a campaign with an order makes one. */

export const ORDER_CAMPAIGNS = 'orderCampaigns';

export const toLink = (r: StoredRecord) => ({ id: r.id, orderId: Number(r.orderId), campaignId: Number(r.campaignId) });

/** The link of an order and a campaign, made when missing; `created` tells which. */
export async function ensureOrderLink(db: Db, orderId: number, campaignId: number): Promise<{ link: ReturnType<typeof toLink>; created: boolean }> {
  // The pair is unique (an index): a link already there, or made meanwhile by a request beside this
  // one, is left as it is and read.
  const inserted = await db.query<{ id: string; data: RecordData }>(
    `INSERT INTO records (collection, data) VALUES ($1, $2)
     ON CONFLICT ((data->>'orderId'), (data->>'campaignId')) WHERE collection = 'orderCampaigns' DO NOTHING RETURNING id, data`,
    [ORDER_CAMPAIGNS, JSON.stringify({ orderId, campaignId })],
  );
  if (inserted.rows[0]) return { link: toLink({ ...inserted.rows[0].data, id: Number(inserted.rows[0].id) }), created: true };
  const existing = await db.query<{ id: string; data: RecordData }>(
    `SELECT id, data FROM records WHERE collection = $1 AND data->>'orderId' = $2 AND data->>'campaignId' = $3`,
    [ORDER_CAMPAIGNS, String(orderId), String(campaignId)],
  );
  return { link: toLink({ ...existing.rows[0].data, id: Number(existing.rows[0].id) }), created: false };
}
