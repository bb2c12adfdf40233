import { campaignApi } from '@/api/campaign';
import { deviceApi } from '@/api/device';
import { estimateApi } from '@/api/estimate';
import { ApiError, callOrThrow } from '@/api/http';
import { opportunityApi } from '@/api/opportunity';
import { orderApi } from '@/api/order';

/*
 * What the dashboards read from the other services, through their typed clients. Each reader
 * answers a small common shape; a failure (e.g. 501 while a service is not there) is reported per
 * source so the dashboard shows "dati non disponibili" for that source only.
 */

export interface FunnelItem {
  id: number;
  /** The day it counts for (created, ordered, started). */
  day: string;
  value: number;
  salesId: number | null;
}

export const isUnavailable = (error: unknown) =>
  error instanceof ApiError && (error.status === 501 || error.status === 404 || error.status === 0);

export async function readOpportunities(): Promise<FunnelItem[]> {
  const page = await callOrThrow(
    opportunityApi().GET('/v1/opportunity/list/page/{page}/perPage/{perPage}/sort/{dir}', {
      params: { path: { page: 0, perPage: 10000, dir: 'DESC' } },
    }),
  );
  return page.content.map((o) => ({
    id: o.id,
    day: o.createdAt.slice(0, 10),
    value: o.amount,
    salesId: o.salesId,
  }));
}

export async function readEstimates(): Promise<FunnelItem[]> {
  const rows = await callOrThrow(estimateApi().GET('/getAllDto'));
  return rows.map((e) => ({ id: e.id, day: e.createdAt.slice(0, 10), value: e.total, salesId: e.salesId }));
}

export async function readOrders(): Promise<FunnelItem[]> {
  const rows = await callOrThrow(orderApi().GET('/orders', { params: { query: {} } }));
  return rows.map((o) => ({
    id: o.id,
    day: String(o.orderDate).slice(0, 10),
    value: o.total,
    salesId: o.salesId ?? null,
  }));
}

/** Campaigns count for the sales person of their order. */
export async function readCampaigns(orders: Map<number, number | null>): Promise<FunnelItem[]> {
  const rows = await callOrThrow(campaignApi().GET('/campaigns', { params: { query: {} } }));
  return rows.map((c) => ({
    id: c.id,
    day: String(c.periodStart).slice(0, 10),
    value: c.budget,
    salesId: c.orderId ? (orders.get(c.orderId) ?? null) : null,
  }));
}

export async function readSalesPeople(): Promise<Array<{ id: number; name: string }>> {
  const rows = await callOrThrow(estimateApi().GET('/sales/all'));
  return rows.map((s) => ({ id: s.id, name: `${s.name} ${s.surname}`.trim() }));
}

export async function readDevices() {
  return callOrThrow(deviceApi().GET('/devices', { params: { query: {} } }));
}

export async function readPlayLogs(dateStart: string, dateEnd: string) {
  const filter = JSON.stringify({
    playedAt_gte: `${dateStart}T00:00:00Z`,
    playedAt_lte: `${dateEnd}T23:59:59Z`,
  });
  return callOrThrow(deviceApi().GET('/playLogs', { params: { query: { filter } } }));
}

export async function readCampaignNames(): Promise<Map<number, string>> {
  const rows = await callOrThrow(campaignApi().GET('/campaigns', { params: { query: {} } }));
  return new Map(rows.map((c) => [c.id, c.name]));
}
