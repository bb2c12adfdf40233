import type { DataProvider } from 'react-admin';
import { ApiError } from '@/api/errors';
import {
  createPlanningFromOrder,
  createPlanningItem,
  getAvailability,
  getPlanningAvailability,
  holdFaces,
  listReservations,
  quoteFaces,
  releaseReservation,
  renewReservation,
  type AvailabilityQuery,
} from '@/api/planner';
import { createShare, isShareRefusal } from '@/api/share';
import { facesOfSystems } from '@/api/frame';
import type {
  SchemaConflictingBooking,
  SchemaPlanning,
  SchemaPlanningItem,
  SchemaPlanningItemInput,
  SchemaSystemAvailability,
  SchemaAvailabilityPage,
  SchemaHoldInput,
  SchemaHoldResults,
  SchemaPlanningFromOrder,
  SchemaQuote,
  SchemaQuoteInput,
  SchemaReservation,
} from '@/api/generated/planner';
import type { SchemaShare } from '@/api/generated/share';
import { runBulk, type BulkConflict, type BulkProgress, type BulkRefusal, type BulkResult } from './shared';
import type { operations } from '@/api/generated/planner';
import { createPlanningBody, createPlanningItemBody } from '@/api/generated/planner.fields';
import { inputOf, type RequestBody } from './shared';
import { simpleRestProvider } from './simpleRest';

/* What a create or a full update sends: the input schema's fields, a cleared one as null. */
export const planningInputOf = inputOf<RequestBody<operations['createPlanning']>>(createPlanningBody, {
  name: 'form',
  campaignId: 'form',
  periodStart: 'form',
  periodEnd: 'form',
  status: 'form',
  // Only an override the screen sets now (a reason, not yet recorded) goes with a confirmation.
  riskOverride: (value) =>
    value && typeof value === 'object' && !('at' in value) && typeof Reflect.get(value, 'reason') === 'string' ? { reason: String(Reflect.get(value, 'reason')) } : undefined,
}, { empty: 'null' });
export const planningItemInputOf = inputOf<RequestBody<operations['createPlanningItem']>>(createPlanningItemBody, { planningId: 'form', frameId: 'form', price: 'form' }, { empty: 'null' });
import { translateMessage } from '@/i18n/lookup';

export type {
  SchemaAvailabilityPage as AvailabilityPage,
  SchemaHoldResults as HoldResults,
  SchemaPlanningFromOrder as PlanningFromOrder,
  SchemaQuote as Quote,
  SchemaReservation as Reservation,
  SchemaPlanning as Planning,
  SchemaPlanningItem as PlanningItem,
  SchemaSystemAvailability as SystemAvailability,
};

/** Whether each system is free in a planning's period (planner availability), in the order given. */
export const planningAvailability = (planningId: number, systemIds: number[]) =>
  getPlanningAvailability(planningId, systemIds);

/** Puts a face in a planning; a 409 rejects naming what fills the face. */
export const bookSystem = (booking: SchemaPlanningItemInput) => createPlanningItem(booking);

const conflictOf = (c: SchemaConflictingBooking): BulkConflict => ({
  planningId: c.planningId,
  planningName: c.planningName,
  periodStart: c.periodStart,
  periodEnd: c.periodEnd,
});

/**
 * Many systems into a planning, for its period. The availability is asked first (in slices): a
 * system booked by another planning in an overlapping period is refused with that booking, one
 * this planning books already is left as it is. The free ones are booked a few at a time; a
 * booking the service refuses meanwhile (409, another planner was quicker) is refused with its
 * conflict, any other failure with its message, and the job goes on.
 */
export async function addSystemsToPlanning(
  planningId: number,
  systemIds: number[],
  onProgress?: BulkProgress,
): Promise<BulkResult> {
  const wanted = [...new Set(systemIds.map(Number))];
  const availability = await getPlanningAvailability(planningId, wanted);
  const unchanged: number[] = [];
  const refused: BulkRefusal[] = [];
  const free: number[] = [];
  for (const a of availability) {
    if (a.free || !a.conflict) free.push(a.systemId);
    else if (a.conflict.planningId === planningId) unchanged.push(a.systemId);
    else refused.push({ id: a.systemId, message: conflictMessage(a.conflict), conflict: conflictOf(a.conflict) });
  }
  const faces = await facesOfSystems(free);
  const checked = wanted.length - free.length;
  onProgress?.(checked, wanted.length);
  // Every face of a free system goes in: a two-sided poster is two sales. A face another sale took
  // meanwhile is refused with the service's message, which names what fills it.
  const booked = await runBulk(
    faces,
    (face) => createPlanningItem({ planningId, frameId: face.id, price: 0 }),
    (face) => ({ id: face.systemId, code: face.name }),
    onProgress ? (done) => onProgress(checked + Math.round((done / Math.max(1, faces.length)) * free.length), wanted.length) : undefined,
  );
  const changed = [...new Set(booked.changed)];
  return { changed, refused: [...refused, ...booked.refused], unchanged };
}

const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** The refusal's reason, naming the planning that books the system (the service's own 409 names the system by id). */
const conflictMessage = (c: SchemaConflictingBooking) =>
  translateMessage('resources.plannings.bulk.booked', {
    planning: c.planningName,
    start: day(c.periodStart),
    end: day(c.periodEnd),
  });

/** A share link of the planning (share service, resourceType planning). */
export async function sharePlanning(planningId: number, expiresAt: string | null = null): Promise<SchemaShare> {
  // The share service's own handling: a 401 signs out to /404, like every share call.
  const share = await createShare({ resourceId: planningId, resourceType: 'planning', expiresAt });
  if (isShareRefusal(share)) throw new ApiError(422, share.message, share);
  return share;
}

/** The planner's custom methods, reached with `useDataProvider<AppDataProvider>()`. */
export interface PlanningsMethods {
  planningAvailability(
    resource: 'plannings',
    params: { id: number; systemIds: number[] },
  ): Promise<SchemaSystemAvailability[]>;
  sharePlanning(resource: 'plannings', params: { id: number; expiresAt?: string | null }): Promise<SchemaShare>;
  /** Many systems into a planning: what was booked, what was refused (a conflict names its planning), what it booked already. */
  addSystemsToPlanning(
    resource: 'plannings',
    params: { id: number; systemIds: number[]; onProgress?: BulkProgress },
  ): Promise<BulkResult>;
  /** Faces × periods with who holds them (planner availability). */
  faceAvailability(resource: 'plannings', params: AvailabilityQuery): Promise<SchemaAvailabilityPage>;
  /** The price of faces for a period from a price list. */
  quoteFaces(resource: 'plannings', params: SchemaQuoteInput): Promise<SchemaQuote>;
  /** Faces under option, one result per face. */
  holdFaces(resource: 'plannings', params: SchemaHoldInput): Promise<SchemaHoldResults>;
  /** Options and bookings matching a filter (e.g. `{ estimateId }`). */
  listReservations(resource: 'plannings', params: { filter: Record<string, unknown> }): Promise<SchemaReservation[]>;
  renewReservation(resource: 'plannings', params: { id: number; expiresOn: string }): Promise<SchemaReservation>;
  releaseReservation(resource: 'plannings', params: { id: number; reason?: string }): Promise<SchemaReservation>;
  /** A draft planning of an order's faces at the price sold, and the faces left out. */
  planningFromOrder(resource: 'plannings', params: { orderId: number; campaignId: number }): Promise<SchemaPlanningFromOrder>;
}

/** `plannings` and `planningItems` over the planner service (simple-rest), plus its custom methods. */
export const planningsDataProvider: DataProvider & PlanningsMethods = {
  ...simpleRestProvider('planner', {
    plannings: { toInput: planningInputOf },
    planningItems: { toInput: planningItemInputOf },
  }),
  planningAvailability: (_r, { id, systemIds }) => planningAvailability(id, systemIds),
  sharePlanning: (_r, { id, expiresAt }) => sharePlanning(id, expiresAt ?? null),
  addSystemsToPlanning: (_r, { id, systemIds, onProgress }) => addSystemsToPlanning(Number(id), systemIds, onProgress),
  faceAvailability: (_r, query) => getAvailability(query),
  quoteFaces: (_r, input) => quoteFaces(input),
  holdFaces: (_r, input) => holdFaces(input),
  listReservations: (_r, { filter }) => listReservations(filter),
  renewReservation: (_r, { id, expiresOn }) => renewReservation(id, expiresOn),
  releaseReservation: (_r, { id, reason }) => releaseReservation(id, reason),
  planningFromOrder: (_r, { orderId, campaignId }) => createPlanningFromOrder(orderId, campaignId),
};
