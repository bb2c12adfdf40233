import { useQuery } from '@tanstack/react-query';
import { listProviderTypes, type TeamProviderType } from '@/dataProviders/teams';

/** The provider types (GET /team/teamProviderTypes), asked once per session. */
export function useProviderTypes(): TeamProviderType[] {
  const { data } = useQuery({ queryKey: ['teams', 'providerTypes'], queryFn: listProviderTypes, staleTime: Infinity });
  return data ?? [];
}
