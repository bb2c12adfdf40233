import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, IconButton, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import MapIcon from '@mui/icons-material/Map';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import {
  AutocompleteInput,
  Confirm,
  DataTable,
  FunctionField,
  ListContextProvider,
  Pagination,
  ReferenceInput,
  SaveButton,
  TextInput,
  useDataProvider,
  useDelete,
  useGetOne,
  useList,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { failureMessage } from '@/api/failures';
import type { AppDataProvider } from '@/dataProviders';
import { AppSimpleForm } from '@/forms/unsavedChanges';
import { useCircuitMembership } from '@/ui/circuitMembership';
import { codeLabel } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { CircuitMap } from './CircuitMap';
import { circuitNameSchema, memberSchema, type Circuit, type CircuitAsset, type CircuitType } from './shared';

const nameResolver = schemaResolver(circuitNameSchema);
const memberResolver = schemaResolver(memberSchema);

/** A circuit's member list, replaced whole on each change (the service's update takes the list). */
function useSaveCircuit(circuit: Circuit) {
  const notify = useNotify();
  const failure = useFailure();
  const queryClient = useQueryClient();
  const [update, { isPending }] = useUpdate<Circuit>();
  const save = (changes: { name?: string; assets?: number[] }, message: string, args: Record<string, unknown>) =>
    update(
      'circuits',
      { id: circuit.id, data: changes, previousData: circuit, meta: { type: circuit.type } },
      {
        mutationMode: 'pessimistic',
        returnPromise: true,
        onSuccess: () => {
          notify(message, { type: 'success', messageArgs: args });
          void queryClient.invalidateQueries({ queryKey: ['circuits'] });
        },
        onError: failure,
      },
    ).catch(() => undefined);
  return { save, isPending };
}

function RemoveMember({ circuit }: { circuit: Circuit }) {
  const translate = useTranslate();
  const asset = useRecordContext<CircuitAsset>();
  const { remove } = useCircuitMembership();
  if (!asset) return null;
  const label = translate('resources.circuits.actions.remove_system', { code: asset.code });
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ circuit, systemId: Number(asset.id), code: asset.code })}
        >
          <RemoveCircleOutlineIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The member systems: react-admin's list over the answered summaries (sort and pages in the browser), or their map. */
function Members({ circuit }: { circuit: Circuit }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const assets = useQuery({
    queryKey: ['circuits', 'assets', circuit.id, circuit.type, circuit.assets.join(',')],
    queryFn: () => dataProvider.getCircuitAssets('circuits', { id: circuit.id, type: circuit.type }),
  });
  const list = useList<CircuitAsset>({ data: assets.data ?? [], isPending: assets.isPending, perPage: 10, sort: { field: 'code', order: 'ASC' } });
  const [view, setView] = useState<'list' | 'map'>('list');
  if (assets.error) return <Alert severity="error">{failureMessage(assets.error)}</Alert>;
  if (assets.data && !assets.data.length)
    return <Alert severity="info">{translate('resources.circuits.messages.no_assets')}</Alert>;
  return (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_e, next: 'list' | 'map' | null) => next && setView(next)}
        aria-label={translate('resources.circuits.view.label')}
        sx={{ mb: 1 }}
      >
        <ToggleButton value="list">
          <ListIcon fontSize="small" sx={{ mr: 0.5 }} />
          {translate('resources.circuits.view.list')}
        </ToggleButton>
        <ToggleButton value="map">
          <MapIcon fontSize="small" sx={{ mr: 0.5 }} />
          {translate('resources.circuits.view.map')}
        </ToggleButton>
      </ToggleButtonGroup>
      {view === 'map' ? <CircuitMap circuit={circuit} assets={assets.data ?? []} /> : <MemberTable circuit={circuit} list={list} />}
    </>
  );
}

function MemberTable({ circuit, list }: { circuit: Circuit; list: ReturnType<typeof useList<CircuitAsset>> }) {
  const translate = useTranslate();
  return (
    <ListContextProvider value={list}>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="circuit-members-count">
        {translate('resources.circuits.messages.members', { smart_count: list.total ?? 0 })}
      </Typography>
      <DataTable resource="circuitAssets" bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="code" label="resources.circuits.asset.code" />
        <DataTable.Col source="name" label="resources.circuits.asset.name" />
        <DataTable.Col source="systemType" label="resources.circuits.asset.systemType">
          <FunctionField<CircuitAsset> render={(a) => codeLabel('resources.systems.systemTypes', a.systemType)} />
        </DataTable.Col>
        <DataTable.Col source="municipality" label="resources.circuits.asset.municipality" />
        <DataTable.Col source="status" label="resources.circuits.asset.status">
          <FunctionField<CircuitAsset> render={(a) => codeLabel('resources.circuits.status', a.status)} />
        </DataTable.Col>
        <DataTable.Col label="ra.action.remove" disableSort>
          <RemoveMember circuit={circuit} />
        </DataTable.Col>
      </DataTable>
      <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
    </ListContextProvider>
  );
}

function Rename({ circuit }: { circuit: Circuit }) {
  const { save } = useSaveCircuit(circuit);
  return (
    <AppSimpleForm
      key={circuit.name}
      record={{ name: circuit.name }}
      resolver={nameResolver}
      onSubmit={(v: Record<string, unknown>) => save({ name: String(v.name) }, 'resources.circuits.messages.renamed', { name: v.name })}
      toolbar={false}
      sx={{ p: 0, width: 'auto' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextInput source="name" label="resources.circuits.fields.name" fullWidth={false} sx={{ minWidth: 280 }} />
        <SaveButton label="resources.circuits.actions.rename" icon={<span />} variant="outlined" sx={{ mt: 1 }} />
      </Stack>
    </AppSimpleForm>
  );
}

function AddMember({ circuit }: { circuit: Circuit }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { add } = useCircuitMembership();
  const [formKey, setFormKey] = useState(0);
  return (
    <AppSimpleForm
      key={formKey}
      resolver={memberResolver}
      onSubmit={async (v: Record<string, unknown>) => {
        // The message names the system by its code, which the form does not hold.
        const systemId = Number(v.systemId);
        const { data: system } = await dataProvider.getOne('systems', { id: systemId });
        await add.mutateAsync({ circuit, systemId, code: String(system.code) }).then(
          () => setFormKey((k) => k + 1),
          () => undefined,
        );
      }}
      toolbar={false}
      warnWhenUnsavedChanges={false}
      sx={{ p: 0, width: 'auto' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ width: 360 }}>
          <ReferenceInput source="systemId" reference="systems" filter={{ type: circuit.type }}>
            <AutocompleteInput
              label={translate('resources.circuits.actions.pick_system', { type: circuit.type })}
              fullWidth
              noOptionsText="resources.circuits.messages.no_systems"
            />
          </ReferenceInput>
        </Box>
        <SaveButton label="resources.circuits.actions.add_system" icon={<span />} sx={{ mt: 1 }} />
      </Stack>
    </AppSimpleForm>
  );
}

/** One circuit: rename it, its member systems (add with the picker, remove), delete it after confirmation. */
export function CircuitAssets({ id, type, onDeleted }: { id: number; type: CircuitType; onDeleted: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending: deleting }] = useDelete<Circuit>();
  const { data: circuit, error } = useGetOne<Circuit>('circuits', { id, meta: { type } });
  if (error) return <Alert severity="error">{failureMessage(error)}</Alert>;
  if (!circuit) return null;
  const title = translate('resources.circuits.detail', { name: circuit.name });
  return (
    <Card variant="outlined" aria-label={title} component="section" sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {title} · {circuit.type}
          </Typography>
          <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
            {translate('resources.circuits.actions.delete')}
          </Button>
        </Stack>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 4, alignItems: 'flex-start' }}>
          <Rename circuit={circuit} />
          <AddMember circuit={circuit} />
        </Stack>
        <Members circuit={circuit} />
        <Confirm
          isOpen={confirming}
          loading={deleting}
          title={translate('resources.circuits.messages.delete_title', { name: circuit.name })}
          content={translate('resources.circuits.messages.delete_content', { count: circuit.assets.length })}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove(
              'circuits',
              { id: circuit.id, previousData: circuit },
              {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                  notify('resources.circuits.messages.deleted', { type: 'success', messageArgs: { name: circuit.name } });
                  setConfirming(false);
                  onDeleted();
                },
                onError: (e) => {
                  setConfirming(false);
                  failure(e);
                },
              },
            )
          }
        />
      </CardContent>
    </Card>
  );
}
