import type { DataProvider } from 'react-admin';
import { getAvailability, holdFaces, markAllNotificationsRead, markNotificationRead, type AvailabilityQuery } from '@/api/availability';
import type {
  SchemaAvailabilityPage,
  SchemaBlocker,
  SchemaHoldInput,
  SchemaHoldResults,
  SchemaNotification,
} from '@/api/generated/planner';
import { simpleRestProvider } from './simpleRest';

export type {
  SchemaAvailabilityPage as AvailabilityPage,
  SchemaBlocker as Blocker,
  SchemaHoldInput as HoldInput,
  SchemaHoldResults as HoldResults,
  SchemaNotification as Notification,
};
export type AvailabilityRow = SchemaAvailabilityPage['rows'][number];
export type AvailabilityCell = AvailabilityRow['cells'][number];
export type HoldResult = SchemaHoldResults['results'][number];

/** The availability screen's filters, as its URL carries them. */
export interface AvailabilityFilter {
  periodStart: string;
  periodEnd: string;
  step?: 'week' | 'cycle14';
  q?: string;
  municipality?: string;
  circuitId?: number;
  systemType?: AvailabilityQuery['systemType'];
  format?: string;
  frameIds?: number[];
}

/** The query of one page: empty filters left out, the page as the service's inclusive range. */
export function availabilityQuery(filter: AvailabilityFilter, page: number, perPage: number): AvailabilityQuery {
  const query: AvailabilityQuery = {
    periodStart: filter.periodStart,
    periodEnd: filter.periodEnd,
    step: filter.step ?? 'week',
    range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
  };
  const q = filter.q?.trim();
  if (q) query.q = q;
  const municipality = filter.municipality?.trim();
  if (municipality) query.municipality = municipality;
  if (filter.circuitId) query.circuitId = filter.circuitId;
  if (filter.systemType) query.systemType = filter.systemType;
  const format = filter.format?.trim();
  if (format) query.format = format;
  if (filter.frameIds?.length) query.frameIds = filter.frameIds;
  return query;
}

export interface AvailabilityMethods {
  /** One page of faces × periods (one request), with the totals of every matching face. */
  getAvailability(resource: 'availability', params: { filter: AvailabilityFilter; page: number; perPage: number }): Promise<SchemaAvailabilityPage>;
  /** Puts faces under option (or in the queue) for a period: one result per face, in order. */
  holdFaces(resource: 'availability', input: SchemaHoldInput): Promise<SchemaHoldResults>;
  /** How many of the caller's notices are unread. */
  unreadNotifications(resource: 'notifications'): Promise<number>;
  /** Marks one of the caller's notices read. */
  markNotificationRead(resource: 'notifications', params: { id: number }): Promise<SchemaNotification>;
  /** Marks every unread notice of the caller read; how many were. */
  markAllNotificationsRead(resource: 'notifications'): Promise<{ read: number }>;
}

const notices = simpleRestProvider('planner', { notifications: { readOnly: true } });

/** `notifications` (the caller's notices, read only) over the planner, with the availability methods. */
export const availabilityDataProvider: DataProvider & AvailabilityMethods = {
  ...notices,
  getAvailability: (_resource, { filter, page, perPage }) => getAvailability(availabilityQuery(filter, page, perPage)),
  holdFaces: (_resource, input) => holdFaces(input),
  async unreadNotifications() {
    const { total } = await notices.getList('notifications', {
      filter: { unread: true },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'DESC' },
    });
    return total ?? 0;
  },
  markNotificationRead: (_resource, { id }) => markNotificationRead(id),
  markAllNotificationsRead: () => markAllNotificationsRead(),
};
