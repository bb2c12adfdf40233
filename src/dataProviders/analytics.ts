import type { DataProvider } from 'react-admin';
import { listAllCampaigns } from '@/api/campaign';
import { listAllDevices, listPlayLogsBetween, type Device, type PlayLog } from '@/api/device';
import { listEstimateDtos, listSalesPeople } from '@/api/estimate';
import { listAllOpportunities } from '@/api/opportunity';
import { listAllOrders } from '@/api/order';
import { noRecordMethods } from './shared';

/*
 * What the dashboards (Dashboard Funnel, Programmatic DOOH) read from the other services. Each
 * funnel reader answers one small common shape; each is its own call, so a failure (e.g. 501 while
 * a service is not there) is reported per source and the dashboard shows "dati non disponibili"
 * for that source only.
 */

export interface FunnelItem {
  id: number;
  /** The day it counts for (created, ordered, started). */
  day: string;
  value: number;
  salesId: number | null;
}

const day = (value: unknown) => String(value).slice(0, 10);

/** The dashboards' reads (resource `analytics`, which has no records of its own). */
export interface AnalyticsMethods {
  funnelOpportunities(resource: 'analytics'): Promise<FunnelItem[]>;
  funnelEstimates(resource: 'analytics'): Promise<FunnelItem[]>;
  funnelOrders(resource: 'analytics'): Promise<FunnelItem[]>;
  /** Campaigns count for the sales person of their order (`orderSales`: order id → sales id). */
  funnelCampaigns(resource: 'analytics', orderSales: Map<number, number | null>): Promise<FunnelItem[]>;
  salesPeople(resource: 'analytics'): Promise<Array<{ id: number; name: string }>>;
  doohDevices(resource: 'analytics'): Promise<Device[]>;
  doohPlayLogs(resource: 'analytics', period: { dateStart: string; dateEnd: string }): Promise<PlayLog[]>;
  /** Campaign id → name, to name the plays. */
  campaignNames(resource: 'analytics'): Promise<Map<number, string>>;
}

const noRecords = noRecordMethods(() => new Error('Le analisi non hanno record propri: si leggono con i loro metodi'));

export const analyticsDataProvider: DataProvider & AnalyticsMethods = {
  async funnelOpportunities() {
    const page = await listAllOpportunities();
    return page.content.map((o) => ({ id: o.id, day: day(o.createdAt), value: o.amount, salesId: o.salesId }));
  },
  async funnelEstimates() {
    const rows = await listEstimateDtos();
    return rows.map((e) => ({ id: e.id, day: day(e.createdAt), value: e.total, salesId: e.salesId }));
  },
  async funnelOrders() {
    const rows = await listAllOrders();
    return rows.map((o) => ({ id: o.id, day: day(o.orderDate), value: o.total, salesId: o.salesId ?? null }));
  },
  async funnelCampaigns(_resource, orderSales) {
    const rows = await listAllCampaigns();
    return rows.map((c) => ({
      id: c.id,
      day: day(c.periodStart),
      value: c.budget,
      salesId: c.orderId ? (orderSales.get(c.orderId) ?? null) : null,
    }));
  },
  async salesPeople() {
    const rows = await listSalesPeople();
    return rows.map((s) => ({ id: s.id, name: `${s.name} ${s.surname}`.trim() }));
  },
  doohDevices: () => listAllDevices(),
  doohPlayLogs: (_resource, { dateStart, dateEnd }) => listPlayLogsBetween(dateStart, dateEnd),
  async campaignNames() {
    const rows = await listAllCampaigns();
    return new Map(rows.map((c) => [c.id, c.name]));
  },
  ...noRecords,
};
