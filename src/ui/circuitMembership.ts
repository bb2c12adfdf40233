import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { SchemaCircuit } from '@/api/generated/circuits';
import type { AppDataProvider } from '@/dataProviders';
import { useFailure } from '@/ui/useFailure';

/*
 * A system into or out of a circuit, for the circuit page (its members) and the system detail (its
 * circuits): one notification naming both, one refusal message naming the circuit, one refresh of
 * every circuit query (all keyed under `circuits`).
 */

export type CircuitRef = Pick<SchemaCircuit, 'id' | 'type' | 'name'>;
export interface Membership {
  circuit: CircuitRef;
  systemId: number;
  /** The system's code, for the messages. */
  code: string;
}

/** The query of the circuits one system belongs to. */
export const systemCircuitsKey = (systemId: number) => ['circuits', 'byAsset', systemId];

export function useCircuitMembership() {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const done = (message: string) => (_r: unknown, { circuit, code }: Membership) => {
    notify(message, { type: 'success', messageArgs: { code, name: circuit.name } });
    void queryClient.invalidateQueries({ queryKey: ['circuits'] });
  };
  const added = done('resources.circuits.messages.system_added');
  const already = done('resources.circuits.messages.system_already');
  const add = useMutation({
    mutationFn: async ({ circuit, systemId }: Membership) => {
      const { refused, unchanged } = await dataProvider.addSystemsToCircuit('circuits', { id: circuit.id, type: circuit.type, systemIds: [systemId] });
      // The service's reason (a DOOH circuit takes no OOH system…), said of the circuit the person picked.
      if (refused.length)
        throw new Error(translate('resources.circuits.messages.refused', { name: circuit.name, reason: refused[0].message }));
      return { already: unchanged.length > 0 };
    },
    onSuccess: (r, m) => (r.already ? already : added)(r, m),
    onError: failure,
  });
  const remove = useMutation({
    mutationFn: ({ circuit, systemId }: Membership) =>
      dataProvider.removeSystemFromCircuit('circuits', { id: circuit.id, type: circuit.type, systemId }),
    onSuccess: done('resources.circuits.messages.system_removed'),
    onError: failure,
  });
  return { add, remove };
}
