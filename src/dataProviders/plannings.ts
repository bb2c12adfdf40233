import type { DataProvider } from 'react-admin';
import { ApiError, callOrThrow } from '@/api/http';
import { plannerApi } from '@/api/planner';
import { createShare, isShareRefusal } from '@/api/share';
import type {
  SchemaConflictingBooking,
  SchemaPlanning,
  SchemaPlanningItem,
  SchemaPlanningItemInput,
  SchemaSystemAvailability,
} from '@/api/generated/planner';
import type { SchemaShare } from '@/api/generated/share';
import { simpleRestProvider } from './simpleRest';

/** `plannings` and `planningItems` over the planner service (simple-rest). */
export const planningsDataProvider: DataProvider = simpleRestProvider('planner', {
  plannings: {
    inputFields: ['id', 'name', 'campaignId', 'periodStart', 'periodEnd', 'criteria', 'status'],
  },
  planningItems: {
    inputFields: ['id', 'planningId', 'systemId', 'periodStart', 'periodEnd', 'price'],
  },
});

export type {
  SchemaPlanning as Planning,
  SchemaPlanningItem as PlanningItem,
  SchemaSystemAvailability as SystemAvailability,
  SchemaConflictingBooking as ConflictingBooking,
};

/** GET /plannings/{id}/availability for up to 500 systems (in slices), in the order given. */
export async function planningAvailability(
  planningId: number,
  systemIds: number[],
): Promise<SchemaSystemAvailability[]> {
  const out: SchemaSystemAvailability[] = [];
  for (let i = 0; i < systemIds.length; i += 500) {
    const slice = systemIds.slice(i, i + 500);
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

/** The conflicting booking a 409 names, if the error is one. */
export function conflictOf(error: unknown): SchemaConflictingBooking | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const body = error.body as { conflict?: SchemaConflictingBooking } | undefined;
  return body?.conflict;
}

/** POST /planningItems: books a system (the planning's period when none given); 409 names the conflict. */
export async function bookSystem(booking: SchemaPlanningItemInput): Promise<SchemaPlanningItem> {
  return callOrThrow(plannerApi().POST('/planningItems', { body: booking }));
}

/** DELETE /planningItems/{id}: releases a booked system. */
export async function releaseBooking(itemId: number): Promise<SchemaPlanningItem> {
  return callOrThrow(plannerApi().DELETE('/planningItems/{id}', { params: { path: { id: itemId } } }));
}

/** A share link of the planning (share service, resourceType planning). */
export async function sharePlanning(
  planningId: number,
  expiresAt: string | null = null,
): Promise<SchemaShare> {
  // The share service's own handling (spec §8): a 401 signs out to /404, like every share call.
  const share = await createShare({ resourceId: planningId, resourceType: 'planning', expiresAt });
  if (isShareRefusal(share)) throw new ApiError(422, share.message, share);
  return share;
}
