import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { SchemaDistinctField } from '@/api/generated/audit';
import type { AppDataProvider } from '@/dataProviders';

/**
 * The values of a detection field (GET distinct/{field}) as choices; the filters offer them.
 * `wanted` false holds the read back (a filter asks for it when it takes the focus or opens).
 */
export function useDistinct(field: SchemaDistinctField, wanted = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({
    queryKey: ['detections', 'distinct', field],
    queryFn: () => dataProvider.detectionValues('detections', { field }),
    staleTime: 60_000,
    enabled: wanted,
  });
  return { ...query, choices: (query.data ?? []).map((v) => ({ id: v, name: v })) };
}
