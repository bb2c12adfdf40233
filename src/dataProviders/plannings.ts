import type { DataProvider } from 'react-admin';
import { ApiError } from '@/api/errors';
import { createPlanningItem, getPlanningAvailability } from '@/api/planner';
import { createShare, isShareRefusal } from '@/api/share';
import type {

  SchemaPlanning,
  SchemaPlanningItem,
  SchemaPlanningItemInput,
  SchemaSystemAvailability,
} from '@/api/generated/planner';
import type { SchemaShare } from '@/api/generated/share';
import { simpleRestProvider } from './simpleRest';

export type {
  SchemaPlanning as Planning,
  SchemaPlanningItem as PlanningItem,
  SchemaSystemAvailability as SystemAvailability,
};

/** Whether each system is free in a planning's period (planner availability), in the order given. */
export const planningAvailability = (planningId: number, systemIds: number[]) =>
  getPlanningAvailability(planningId, systemIds);

/** Books a system; a 409 rejects with the conflicting booking in its body (see conflictOf). */
export const bookSystem = (booking: SchemaPlanningItemInput) => createPlanningItem(booking);

/** A share link of the planning (share service, resourceType planning). */
export async function sharePlanning(planningId: number, expiresAt: string | null = null): Promise<SchemaShare> {
  // The share service's own handling (spec §8): a 401 signs out to /404, like every share call.
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
}

/** `plannings` and `planningItems` over the planner service (simple-rest), plus its custom methods. */
export const planningsDataProvider: DataProvider & PlanningsMethods = {
  ...simpleRestProvider('planner', {
    plannings: {
      inputFields: ['id', 'name', 'campaignId', 'periodStart', 'periodEnd', 'criteria', 'status'],
    },
    planningItems: {
      inputFields: ['id', 'planningId', 'systemId', 'periodStart', 'periodEnd', 'price'],
    },
  }),
  planningAvailability: (_r, { id, systemIds }) => planningAvailability(id, systemIds),
  sharePlanning: (_r, { id, expiresAt }) => sharePlanning(id, expiresAt ?? null),
};
