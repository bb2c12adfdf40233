import type { components as catalogue } from '../../src/api/generated/catalogue';
import type { components as opportunity } from '../../src/api/generated/opportunity';
import type { Db } from '../db';
import { allRows, lockVersionOf, oneRow, type Row } from '../store';

/*
 * Sales records as several services answer them: a catalog (catalogue, product, estimate), an
 * opportunity and the sales people (opportunity, estimate, audit's CRM sync).
 */

type Catalog = catalogue['schemas']['Catalog'];
type Opportunity = opportunity['schemas']['Opportunity'];

export function toCatalog(row: Row): Catalog {
  return {
    id: row.id,
    name: String(row.name),
    ...(row.description ? { description: String(row.description) } : {}),
    validFrom: String(row.validFrom),
    ...(row.validTo ? { validTo: String(row.validTo) } : {}),
    currency: 'EUR',
    prices: (row.prices as Catalog['prices']) ?? [],
    active: row.active !== false,
    ...lockVersionOf(row),
  };
}

export interface SalesPerson {
  id: number;
  name: string;
  surname: string;
  username: string;
}

/** Users with ROLE_SALES or ROLE_SALESLEADER, by surname and name: the `salesId` of opportunities and estimates. */
export async function salesPeople(db: Db): Promise<SalesPerson[]> {
  const { rows } = await db.query<{ id: string; username: string; data: { name?: string; surname?: string } }>(
    `SELECT id, username, data FROM users WHERE role IN ('ROLE_SALES', 'ROLE_SALESLEADER')`,
  );
  return rows
    .map((r) => ({ id: Number(r.id), username: r.username, name: r.data.name ?? r.username, surname: r.data.surname ?? '' }))
    .sort((a, b) => a.surname.localeCompare(b.surname, 'it') || a.name.localeCompare(b.name, 'it') || a.id - b.id);
}

export async function names(db: Db) {
  const advertisers = new Map((await allRows(db, 'advertisers')).map((a) => [a.id, String(a.name)]));
  const sales = new Map((await salesPeople(db)).map((s) => [s.id, `${s.name} ${s.surname}`.trim()]));
  return { advertisers, sales };
}

export function toOpportunity(row: Row, n: Awaited<ReturnType<typeof names>>): Opportunity {
  const out: Opportunity = {
    id: row.id,
    name: String(row.name),
    advertiserId: Number(row.advertiserId),
    advertiserName: n.advertisers.get(Number(row.advertiserId)) ?? `Inserzionista ${String(row.advertiserId)}`,
    salesId: Number(row.salesId),
    salesName: n.sales.get(Number(row.salesId)) ?? `Commerciale ${String(row.salesId)}`,
    status: row.status as Opportunity['status'],
    amount: Number(row.amount ?? 0),
    source: (row.source as Opportunity['source']) ?? 'manual',
    createdAt: String(row.createdAt),
    ...lockVersionOf(row),
  };
  if (row.expectedCloseDate) out.expectedCloseDate = String(row.expectedCloseDate);
  if (row.detectionId) out.detectionId = Number(row.detectionId);
  return out;
}

export async function readOpportunity(db: Db, id: number): Promise<Opportunity | undefined> {
  const row = await oneRow(db, 'opportunities', id);
  return row ? toOpportunity(row, await names(db)) : undefined;
}
