import type {
  operations,
  SchemaAvailabilityPage,
  SchemaHoldInput,
  SchemaHoldResults,
  SchemaNotification,
} from './generated/planner';
import { callOrThrow } from './http';
import { plannerApi } from './planner';

/** The query of `GET /availability` as the document names it. */
export type AvailabilityQuery = NonNullable<operations['getAvailability']['parameters']['query']>;

/** GET /availability: one page of faces × periods, with the occupancy of every matching face. */
export const getAvailability = (query: AvailabilityQuery): Promise<SchemaAvailabilityPage> =>
  callOrThrow(plannerApi().GET('/availability', { params: { query } }));

/** POST /reservations/hold: one answer per face, the option or queue place made or the refusal. */
export const holdFaces = (body: SchemaHoldInput): Promise<SchemaHoldResults> =>
  callOrThrow(plannerApi().POST('/reservations/hold', { body }));

/** POST /notifications/{id}/read: one of the caller's notices, read. */
export const markNotificationRead = (id: number): Promise<SchemaNotification> =>
  callOrThrow(plannerApi().POST('/notifications/{id}/read', { params: { path: { id } } }));

/** POST /notifications/read: every unread notice of the caller, read; how many. */
export const markAllNotificationsRead = (): Promise<{ read: number }> => callOrThrow(plannerApi().POST('/notifications/read'));
