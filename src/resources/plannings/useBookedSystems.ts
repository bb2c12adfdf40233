import { useGetList, useGetMany } from 'react-admin';
import type { SchemaSystem } from '@/api/generated/systems';
import type { PlanningItem } from './shared';

/** The most bookings a planning screen reads at once (a planning books tens of systems, not thousands). */
export const MAX_ITEMS = 1000;

/** The booked items of a planning and their systems (one getMany), for the map and the search. */
export function useBookedSystems(planningId: number) {
  const items = useGetList<PlanningItem>('planningItems', {
    filter: { planningId },
    pagination: { page: 1, perPage: MAX_ITEMS },
    sort: { field: 'id', order: 'ASC' },
  });
  const ids = [...new Set((items.data ?? []).map((i) => i.systemId))];
  const systems = useGetMany<SchemaSystem & { id: number }>('systems', { ids }, { enabled: ids.length > 0 });
  return { items, systems: systems.data ?? [] };
}

