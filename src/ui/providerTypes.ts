import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { createSystemProviderBody } from '@/api/generated/systems.zod';
import type { AppDataProvider } from '@/dataProviders';
import { codeChoices } from '@/ui/format';

/** The Italian labels of the provider types (duties): `resources.teams.provider_types.*`. */
export const PROVIDER_TYPE_LABELS = 'resources.teams.provider_types';

/** A link's form: the document's SystemProviderInput without the side the screen already knows. */
export const linkToSystemSchema = createSystemProviderBody.omit({ teamId: true });
export const linkToTeamSchema = createSystemProviderBody.omit({ systemId: true });
export const dutiesSchema = createSystemProviderBody.pick({ duties: true });

/** The provider types (GET /team/teamProviderTypes) as Italian choices, asked once per session. */
export function useProviderTypeChoices() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ['teams', 'providerTypes'],
    queryFn: () => dataProvider.providerTypes('teams'),
    staleTime: Infinity,
  });
  return codeChoices(PROVIDER_TYPE_LABELS, data ?? []);
}
