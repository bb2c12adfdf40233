import type { paths, SchemaPlanningItem, SchemaPlanningItemInput, SchemaSystemAvailability } from './generated/planner';
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
