import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Confirm,
  NumberInput,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  useCreate,
  useDataProvider,
  useDelete,
  useGetList,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { SchemaFrame as Frame } from '@/api/generated/frame';
import type { AppDataProvider } from '@/dataProviders';
import { createFrameBody } from '@/api/generated/frame.zod';
import { ApiError } from '@/api/errors';
import { failureMessage } from '@/api/failures';
import { AppSimpleForm, FormDialog } from '@/forms/unsavedChanges';
import { codeChoices, codeLabel } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';

const FRAME_STATUSES = createFrameBody.shape.status.unwrap().options;
const STATUS_LABELS = 'resources.systems.statuses';
const resolver = schemaResolver(createFrameBody);

/**
 * The frame's fields, for create and edit (validation: the document's FrameInput): a screen's loop
 * and slot length (its capacity: loop ÷ slot sales at once), and the advertisers' business areas
 * the face may not carry (the service's list of areas).
 */
function FrameInputs() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const digital = useWatch({ name: 'digital' }) as boolean | undefined;
  const areas = useQuery({
    queryKey: ['advertisers', 'businessAreas'],
    queryFn: () => dataProvider.advertiserBusinessAreas('advertisers'),
    staleTime: Infinity,
  });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
      <TextInput source="name" resource="frames" isRequired />
      <NumberInput source="position" resource="frames" min={1} isRequired />
      <NumberInput source="width" resource="frames" min={1} isRequired />
      <NumberInput source="height" resource="frames" min={1} isRequired />
      <SelectInput source="status" resource="frames" choices={codeChoices(STATUS_LABELS, FRAME_STATUSES)} translateChoice={false} />
      <BooleanInput source="digital" resource="frames" />
      <NetSurfaceInput />
      <BooleanInput source="lit" resource="frames" />
      {digital ? (
        <>
          <NumberInput source="loopSeconds" resource="frames" min={1} isRequired />
          <NumberInput source="slotSeconds" resource="frames" min={1} isRequired />
        </>
      ) : null}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <AutocompleteArrayInput
          source="excludedBusinessAreas"
          resource="frames"
          choices={(areas.data ?? []).map((a) => ({ id: a.name, name: a.name }))}
          helperText="resources.frames.helpers.excludedBusinessAreas"
        />
      </Box>
    </Box>
  );
}

/** The net surface (canone unico): empty, the sandbox takes width × height, which the helper shows. */
function NetSurfaceInput() {
  const translate = useTranslate();
  const [width, height] = useWatch({ name: ['width', 'height'] }) as [unknown, unknown];
  const computed = Number(width) > 0 && Number(height) > 0 ? Math.round((Number(width) * Number(height)) / 100) / 100 : 0;
  return (
    <NumberInput
      source="netSurface"
      resource="frames"
      min={0.01}
      step={0.01}
      helperText={translate('resources.frames.helpers.netSurface', { surface: computed.toLocaleString('it-IT') })}
    />
  );
}

type Editing = { mode: 'create'; record: Partial<Frame> } | { mode: 'edit'; record: Frame };

/** The frames (faces, screens) of one system, by position, created, edited and deleted in place. */
export function SystemFrames({ systemId }: { systemId: number }) {
  const translate = useTranslate();
  const failure = useFailure();
  const { data, isPending, error } = useGetList<Frame>('frames', {
    filter: { systemId },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'position', order: 'ASC' },
  });
  const [editing, setEditing] = useState<Editing>();
  const [toDelete, setToDelete] = useState<Frame>();
  const [create] = useCreate();
  const [update] = useUpdate();
  const [remove] = useDelete();
  const close = () => setEditing(undefined);
  /** A refusal's violations go under their fields (the form stays open); any other failure is notified. */
  const refused = (error: unknown) => {
    const errors = error instanceof ApiError && error.body && typeof error.body === 'object' ? Reflect.get(error.body, 'errors') : undefined;
    if (errors && typeof errors === 'object' && !Array.isArray(errors) && Object.keys(errors).length) return errors;
    failure(error);
    return undefined;
  };
  const save = async (values: Record<string, unknown>) => {
    if (!editing) return;
    // A static face has no loop: the screen's fields left from a toggle are not sent.
    const body = values.digital ? { ...values, systemId } : { ...values, loopSeconds: undefined, slotSeconds: undefined, systemId };
    if (editing.mode === 'create')
      return create('frames', { data: body }, { returnPromise: true, onSuccess: close }).then(() => undefined, refused);
    return update(
      'frames',
      { id: editing.record.id, data: body, previousData: editing.record },
      { mutationMode: 'pessimistic', returnPromise: true, onSuccess: close },
    ).then(() => undefined, refused);
  };
  const nextPosition = (data ?? []).reduce((max, f) => Math.max(max, f.position), 0) + 1;
  return (
    <Box>
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => setEditing({ mode: 'create', record: { systemId, position: nextPosition, digital: false, lit: false, status: 'initialized', width: 600, height: 300 } })}
      >
        {translate('resources.frames.actions.create')}
      </Button>
      {error ? (
        <Alert severity="error">{`${translate('resources.frames.messages.load_failed')}: ${failureMessage(error)}`}</Alert>
      ) : isPending ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : !data.length ? (
        <Alert severity="info">{translate('resources.frames.messages.empty')}</Alert>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('resources.frames.name', { smart_count: 2 })}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.frames.fields.position')}</TableCell>
                <TableCell>{translate('resources.frames.fields.name')}</TableCell>
                <TableCell>{translate('resources.frames.fields.size')}</TableCell>
                <TableCell>{translate('resources.frames.fields.digital')}</TableCell>
                <TableCell>{translate('resources.frames.fields.netSurface')}</TableCell>
                <TableCell>{translate('resources.frames.fields.lit')}</TableCell>
                <TableCell>{translate('resources.frames.fields.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((f) => (
                <TableRow key={f.id} data-frame-id={f.id}>
                  <TableCell>{f.position}</TableCell>
                  <TableCell>{f.name}</TableCell>
                  <TableCell>
                    {f.width} × {f.height} cm
                  </TableCell>
                  <TableCell>{translate(f.digital ? 'resources.frames.values.digital' : 'resources.frames.values.static')}</TableCell>
                  <TableCell>{f.netSurface === undefined ? '' : f.netSurface.toLocaleString('it-IT')}</TableCell>
                  <TableCell>{translate(f.lit ? 'resources.frames.values.lit' : 'resources.frames.values.unlit')}</TableCell>
                  <TableCell>{codeLabel(STATUS_LABELS, f.status)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      size="small"
                      aria-label={translate('resources.frames.actions.edit_one', { name: f.name })}
                      onClick={() => setEditing({ mode: 'edit', record: f })}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      color="error"
                      aria-label={translate('resources.frames.actions.delete_one', { name: f.name })}
                      onClick={() => setToDelete(f)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <FormDialog open={editing !== undefined} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>
          {translate(editing?.mode === 'edit' ? 'resources.frames.actions.edit' : 'resources.frames.actions.create')}
        </DialogTitle>
        <DialogContent>
          {editing ? (
            <ResourceContextProvider value="frames">
              <AppSimpleForm record={editing.record} resolver={resolver} onSubmit={save} sx={{ p: 0 }}>
                <FrameInputs />
              </AppSimpleForm>
            </ResourceContextProvider>
          ) : null}
        </DialogContent>
      </FormDialog>
      <Confirm
        isOpen={toDelete !== undefined}
        title={translate('resources.frames.actions.delete_title', { name: toDelete?.name ?? '' })}
        content={translate('resources.frames.actions.delete_confirm')}
        onConfirm={() => {
          if (toDelete)
            void remove('frames', { id: toDelete.id, previousData: toDelete }, { mutationMode: 'pessimistic', onError: failure });
          setToDelete(undefined);
        }}
        onClose={() => setToDelete(undefined)}
      />
    </Box>
  );
}
