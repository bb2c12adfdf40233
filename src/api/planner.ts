import type {
  operations,
  paths,
  SchemaAvailabilityPage,
  SchemaHoldInput,
  SchemaHoldResults,
  SchemaPlanningFromOrder,
  SchemaPlanningItem,
  SchemaPlanningItemInput,
  SchemaQuote,
  SchemaQuoteInput,
  SchemaReservation,
  SchemaSystemAvailability,
} from './generated/planner';
import { callOrThrow, lazyClient } from './http';

/** The planner service: a typed openapi-fetch client. */
export const plannerApi = lazyClient<paths>('planner');

/** The most systems one availability request names (the query string stays short). */
const AVAILABILITY_SLICE = 500;

/** GET /plannings/{id}/availability for any number of systems (asked in slices), in the order given. */
export async function getPlanningAvailability(
  planningId: number,
  systemIds: number[],
): Promise<SchemaSystemAvailability[]> {
  const out: SchemaSystemAvailability[] = [];
  for (let i = 0; i < systemIds.length; i += AVAILABILITY_SLICE) {
    const slice = systemIds.slice(i, i + AVAILABILITY_SLICE);
    out.push(
      ...(await callOrThrow(
        plannerApi().GET('/plannings/{id}/availability', {
          params: { path: { id: planningId }, query: { systemIds: slice } },
        }),
      )),
    );
  }
  return out;
}

/** POST /planningItems: books a system (the planning's period when none given); a 409 names the conflict. */
export const createPlanningItem = (booking: SchemaPlanningItemInput): Promise<SchemaPlanningItem> =>
  callOrThrow(plannerApi().POST('/planningItems', { body: booking }));

/* ---------- faces for a period: availability, prices, options, plannings from orders ---------- */

export type AvailabilityQuery = NonNullable<operations['getAvailability']['parameters']['query']>;

/** GET /availability: faces × periods (free, in opzione, prenotata), with the holders of each cell. */
export const getAvailability = (query: AvailabilityQuery): Promise<SchemaAvailabilityPage> =>
  callOrThrow(plannerApi().GET('/availability', { params: { query } }));

/** POST /quotes: the price of faces for a period from a price list (unit, seasons met, package). */
export const quoteFaces = (input: SchemaQuoteInput): Promise<SchemaQuote> => callOrThrow(plannerApi().POST('/quotes', { body: input }));

/** POST /reservations/hold: one answer per face, the option made or the refusal naming what blocks it. */
export const holdFaces = (input: SchemaHoldInput): Promise<SchemaHoldResults> =>
  callOrThrow(plannerApi().POST('/reservations/hold', { body: input }));

/** GET /reservations with a filter (e.g. `{ estimateId }`), newest first, up to `count`. */
export const listReservations = (filter: Record<string, unknown>, count = 500): Promise<SchemaReservation[]> =>
  callOrThrow(
    plannerApi().GET('/reservations', {
      params: { query: { filter: JSON.stringify(filter), sort: '["id","DESC"]', range: `[0,${count - 1}]` } },
    }),
  );

/** POST /reservations/{id}/renew: a later last day for an option or a queue place. */
export const renewReservation = (id: number, expiresOn: string): Promise<SchemaReservation> =>
  callOrThrow(plannerApi().POST('/reservations/{id}/renew', { params: { path: { id } }, body: { expiresOn } }));

/** POST /reservations/{id}/release: frees the face (the next in its queue takes it). */
export const releaseReservation = (id: number, reason?: string): Promise<SchemaReservation> =>
  callOrThrow(plannerApi().POST('/reservations/{id}/release', { params: { path: { id } }, body: reason ? { reason } : {} }));

/** POST /plannings/fromOrder: a draft planning of the order's faces at the price sold, and the faces left out. */
export const createPlanningFromOrder = (orderId: number, campaignId: number): Promise<SchemaPlanningFromOrder> =>
  callOrThrow(plannerApi().POST('/plannings/fromOrder', { body: { orderId, campaignId } }));
