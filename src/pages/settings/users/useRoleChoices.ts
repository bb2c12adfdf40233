import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';

export interface RoleChoice {
  id: string;
  name: string;
}

/** The roles from GET /user/getAllRole, as SelectInput choices (label from the service). */
export function useRoleChoices(): { choices: RoleChoice[]; failed: boolean; loading: boolean } {
  const dataProvider = useDataProvider<AppDataProvider>();
  const roles = useQuery({
    queryKey: ['users', 'roles'],
    queryFn: () => dataProvider.userRoles('users'),
    retry: false,
    staleTime: Infinity,
  });
  return {
    choices: (roles.data ?? []).map((r) => ({ id: r.name, name: r.label })),
    failed: roles.isError,
    loading: roles.isPending,
  };
}
