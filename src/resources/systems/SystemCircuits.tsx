import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { Button, DialogContent, DialogTitle, IconButton, Tooltip } from '@mui/material';
import { z } from 'zod';
import { AutocompleteInput, Confirm, ReferenceInput, useCanAccess, useDataProvider } from 'react-admin';
import type { SchemaCircuit as Circuit } from '@/api/generated/circuits';
import { getCircuitByIdQueryParams } from '@/api/generated/circuits.zod';
import type { SchemaSystem as System } from '@/api/generated/systems';
import type { AppDataProvider } from '@/dataProviders';
import { AppSimpleForm, DialogFormToolbar, FormDialog } from '@/forms/unsavedChanges';
import { systemCircuitsKey, useCircuitMembership } from '@/ui/circuitMembership';
import { submissionErrors } from '@/ui/submissionErrors';
import { schemaResolver } from '@/ui/validation';
import { MemberTable } from './MemberTable';
import { useT } from './shared';

const pickResolver = schemaResolver(z.object({ circuitId: getCircuitByIdQueryParams.shape.id }));

/** Add the system to a circuit of its own type, picked by name (the circuits page's membership write). */
function AddToCircuitDialog({
  system,
  open,
  onClose,
}: {
  system: System;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { add } = useCircuitMembership();
  const submit = async (v: Record<string, unknown>) => {
    try {
      const { data: circuit } = await dataProvider.getOne<Circuit>('circuits', {
        id: Number(v.circuitId),
        meta: { type: system.type },
      });
      await add.mutateAsync({ circuit, systemId: system.id, code: system.code });
      onClose();
    } catch (error) {
      return submissionErrors(error);
    }
  };
  return (
    <FormDialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-circuit-title">
      <DialogTitle id="add-circuit-title">
        {t('detail.add_to_circuit_title', { code: system.code })}
      </DialogTitle>
      <DialogContent>
        <AppSimpleForm
          resolver={pickResolver}
          onSubmit={submit}
          sx={{ p: 0 }}
          toolbar={<DialogFormToolbar label="resources.circuits.actions.add_system" icon={<span />} />}
        >
          <ReferenceInput
            source="circuitId"
            reference="circuits"
            filter={{ type: system.type }}
            sort={{ field: 'name', order: 'ASC' }}
          >
            <AutocompleteInput
              label={t('detail.pick_circuit', { type: system.type })}
              optionText="name"
              noOptionsText={t('detail.no_circuits', { type: system.type })}
              helperText={t('detail.circuit_type_hint', { type: system.type })}
              autoFocus
            />
          </ReferenceInput>
        </AppSimpleForm>
      </DialogContent>
    </FormDialog>
  );
}

/** The circuits the system belongs to: add it to one, take it out of one (after a confirmation naming it). */
export function SystemCircuits({ system }: { system: System }) {
  const t = useT();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: canWrite } = useCanAccess({ resource: 'circuits', action: 'edit' });
  const { remove } = useCircuitMembership();
  const [adding, setAdding] = useState(0);
  const [removing, setRemoving] = useState<Circuit>();
  const { data, error } = useQuery({
    queryKey: systemCircuitsKey(system.id),
    queryFn: () => dataProvider.getCircuitsByAsset('circuits', { assetId: system.id }),
  });
  const rows = data ? [...data].sort((a, b) => a.name.localeCompare(b.name, 'it')) : undefined;
  return (
    <MemberTable
      label={t('detail.circuits')}
      rows={rows}
      error={error}
      emptyText={t('detail.no_circuits_yet')}
      head={[t('detail.circuit'), t('fields.type')]}
      cells={(c) => [c.name, c.type]}
      action={
        canWrite
          ? (c) => (
              <Tooltip title={t('detail.remove_from_circuit', { name: c.name })}>
                <IconButton size="small" aria-label={t('detail.remove_from_circuit', { name: c.name })} onClick={() => setRemoving(c)}>
                  <RemoveCircleOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )
          : undefined
      }
    >
      {canWrite ? (
        <>
          <Button startIcon={<AddIcon />} onClick={() => setAdding((k) => k + 1)}>
            {t('detail.add_to_circuit')}
          </Button>
          {/* A fresh form each time it opens. */}
          <AddToCircuitDialog key={adding} system={system} open={adding > 0} onClose={() => setAdding(0)} />
          <Confirm
            isOpen={Boolean(removing)}
            loading={remove.isPending}
            title={t('detail.remove_circuit_title', { name: removing?.name ?? '' })}
            content={t('detail.remove_circuit_content', { code: system.code })}
            onClose={() => setRemoving(undefined)}
            onConfirm={() =>
              removing &&
              remove.mutate(
                { circuit: removing, systemId: system.id, code: system.code },
                { onSettled: () => setRemoving(undefined) },
              )
            }
          />
        </>
      ) : null}
    </MemberTable>
  );
}
