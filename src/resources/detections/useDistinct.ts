import { useQuery } from '@tanstack/react-query';
import type { SchemaDistinctField } from '@/api/generated/audit';
import { listDistinct } from '@/dataProviders/detections';

/** The values of a detection field (GET distinct/{field}) as choices; the filters offer them. */
export function useDistinct(field: SchemaDistinctField) {
  const query = useQuery({
    queryKey: ['detections', 'distinct', field],
    queryFn: () => listDistinct(field),
    staleTime: 60_000,
  });
  return { ...query, choices: (query.data ?? []).map((v) => ({ id: v, name: v })) };
}
