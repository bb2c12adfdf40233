import { useEffect, useState } from 'react';
import { listRoles } from '@/dataProviders/users';

export interface RoleChoice {
  id: string;
  name: string;
}

/** The roles from GET /user/getAllRole, as SelectInput choices (label from the service). */
export function useRoleChoices(): { choices: RoleChoice[]; failed: boolean; loading: boolean } {
  const [state, setState] = useState<{ choices: RoleChoice[]; failed: boolean; loading: boolean }>({
    choices: [],
    failed: false,
    loading: true,
  });
  useEffect(() => {
    let live = true;
    listRoles().then(
      (roles) =>
        live &&
        setState({
          choices: roles.map((r) => ({ id: r.name, name: r.label })),
          failed: false,
          loading: false,
        }),
      () => live && setState({ choices: [], failed: true, loading: false }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
