import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';

/** Helpers shared by the systems screens (the code labels live in src/ui/systemLabels.ts, shared with other screens). */

export {
  systemStatusChoices,
  systemStatusLabel,
  systemTypeChoices,
  systemTypeLabel,
} from '@/ui/systemLabels';

/** `translate('resources.systems.<key>')`. */
export function useT() {
  const translate = useTranslate();
  return (key: string, options?: Record<string, unknown>) => translate(`resources.systems.${key}`, options);
}

/** The lookups of the filters and the form (media owners, areas, leases…), loaded once when `enabled`. */
export function useLookups(enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error } = useQuery({
    queryKey: ['systems', 'systemLookups'],
    queryFn: () => dataProvider.systemLookups('systems'),
    enabled,
    staleTime: 5 * 60_000,
  });
  return { lookups: data, error };
}
