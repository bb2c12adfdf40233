import { useCanAccess, useGetList } from 'react-admin';

export interface CircuitChoice {
  id: number;
  name: string;
  type: string;
}

const LIST = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };

/**
 * The circuits of both kinds (OOH, then DOOH, each by name) for a picker, read only when the role may
 * list circuits; `allowed` is false for a role that may not, so the picker can say why it is empty.
 * `wanted` false holds the two reads back (a picker that opens later asks for them then).
 */
export function useCircuitChoices(wanted = true): { circuits: CircuitChoice[]; isPending: boolean; allowed: boolean | undefined } {
  const { canAccess } = useCanAccess({ resource: 'circuits', action: 'list' });
  const enabled = canAccess === true && wanted;
  const ooh = useGetList<CircuitChoice>('circuits', { ...LIST, filter: { type: 'OOH' } }, { enabled });
  const dooh = useGetList<CircuitChoice>('circuits', { ...LIST, filter: { type: 'DOOH' } }, { enabled });
  return {
    circuits: [...(ooh.data ?? []), ...(dooh.data ?? [])],
    isPending: enabled && (ooh.isPending || dooh.isPending),
    allowed: canAccess,
  };
}
