import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { SYSTEM_STATUSES, SYSTEM_TYPES } from '@/api/systemCodes';
import type { AppDataProvider } from '@/dataProviders';
import { codeChoices, codeLabel } from '@/ui/format';

/** Helpers shared by the systems screens. */

export const SYSTEM_TYPE_LABELS = 'resources.systems.systemTypes';
export const SYSTEM_STATUS_LABELS = 'resources.systems.statuses';
export const systemTypeLabel = (code: string | null | undefined) => codeLabel(SYSTEM_TYPE_LABELS, code);
export const systemStatusLabel = (code: string | null | undefined) => codeLabel(SYSTEM_STATUS_LABELS, code);
export const systemStatusChoices = () => codeChoices(SYSTEM_STATUS_LABELS, SYSTEM_STATUSES);
export const systemTypeChoices = (codes: readonly string[] = SYSTEM_TYPES) => codeChoices(SYSTEM_TYPE_LABELS, codes);

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
