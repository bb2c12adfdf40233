import { useState } from 'react';
import { z } from 'zod';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BulkActionsToolbar,
  BulkDeleteButton,
  Confirm,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  SelectAllButton,
  SelectInput,
  Toolbar,
  useDataProvider,
  useGetMany,
  useListContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { createSystemBody } from '@/api/generated/systems.zod';
import type { SchemaSystem as System } from '@/api/generated/systems';
import { SYSTEM_FILTERED_SEARCH } from '@/config/constants';
import type { AppDataProvider, BulkProgress, BulkResult, SystemBulkChange } from '@/dataProviders';
import { AppSimpleForm, DialogCancelButton, FormDialog } from '@/forms/unsavedChanges';
import { ExportSelectedButton, type ExportColumn } from '@/ui/exporter';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver, withRules } from '@/ui/validation';
import { systemStatusChoices, systemStatusLabel, useLookups, useT } from './shared';

/*
 * The bulk work of the systems list (issue 15, point 2): with a selection, up to the whole filter,
 * change one field, add to a circuit, export. Each write asks first naming the count, shows its
 * progress, then what changed and what the service refused, by code and reason.
 */

type Field = SystemBulkChange['field'];
const FIELDS: { id: Field; name: string }[] = [
  { id: 'status', name: 'resources.systems.fields.status' },
  { id: 'areaId', name: 'resources.systems.fields.area' },
  { id: 'mediaOwnerIds', name: 'resources.systems.fields.mediaOwners' },
  { id: 'leaseId', name: 'resources.systems.fields.lease' },
];

const body = createSystemBody.shape;
const required = (path: string): z.IssueData => ({
  code: z.ZodIssueCode.custom,
  path: [path],
  message: 'ra.validation.required',
});

/** The document's own rules for the four fields; the chosen field must have a value (area and lease may be "none"). */
const editFields = z.object({
  field: z.enum(['status', 'areaId', 'mediaOwnerIds', 'leaseId']),
  status: body.status.nullish(),
  areaId: body.areaId.nullish(),
  leaseId: body.leaseId.nullish(),
  mediaOwnerIds: body.mediaOwnerIds.nullish(),
});
type EditValues = z.infer<typeof editFields>;
const editSchema = withRules(editFields, (v: EditValues, ctx) => {
  if (v.field === 'status' && !v.status) ctx.addIssue(required('status'));
  if (v.field === 'mediaOwnerIds' && !v.mediaOwnerIds?.length) ctx.addIssue(required('mediaOwnerIds'));
});
const editResolver = schemaResolver(editSchema);

const circuitSchema = z.object({
  type: z.enum(['OOH', 'DOOH']),
  circuitId: z.number({
    required_error: 'ra.validation.required',
    invalid_type_error: 'ra.validation.required',
  }),
});
const circuitResolver = schemaResolver(circuitSchema);

/** A write over the selection: the question it asks, then the run. */
interface Job {
  title: string;
  content: string;
  options: Record<string, unknown>;
  /** The result's count line ("modificati" or "aggiunti"). */
  doneKey: 'changed' | 'added';
  run: (onProgress: BulkProgress) => Promise<BulkResult>;
}

function RefusedList({ result }: { result: BulkResult }) {
  const t = useT();
  const unnamed = result.refused.filter((r) => !r.code).map((r) => r.id);
  const { data: systems } = useGetMany<System>('systems', { ids: unnamed }, { enabled: unnamed.length > 0 });
  const codeOf = (id: number, code?: string) => code ?? systems?.find((s) => s.id === id)?.code ?? String(id);
  if (!result.refused.length) return null;
  return (
    <Box data-testid="bulk-refused">
      <Typography sx={{ mt: 1 }}>{t('bulk.refused', { smart_count: result.refused.length })}</Typography>
      <List dense sx={{ maxHeight: 240, overflow: 'auto' }}>
        {result.refused.map((r) => (
          <ListItem key={r.id} data-refused-code={codeOf(r.id, r.code)} sx={{ display: 'list-item' }}>
            <strong>{codeOf(r.id, r.code)}</strong>: {r.message}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** Confirmation (naming the count), progress, then the result of a job. */
function JobRunner({ job, onClose }: { job: Job; onClose: () => void }) {
  const t = useT();
  const translate = useTranslate();
  const failure = useFailure();
  const queryClient = useQueryClient();
  const { onUnselectItems } = useListContext();
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const mutation = useMutation({
    mutationFn: () => job.run((done, total) => setProgress({ done, total })),
    onSuccess: (result) => {
      if (result.changed.length) onUnselectItems();
      void queryClient.invalidateQueries({ queryKey: ['systems'] });
      void queryClient.invalidateQueries({ queryKey: ['circuits'] });
    },
    onError: (error) => {
      failure(error);
      onClose();
    },
  });
  const result = mutation.data;
  if (mutation.isIdle)
    return (
      <Confirm
        isOpen
        title={job.title}
        content={job.content}
        titleTranslateOptions={job.options}
        contentTranslateOptions={job.options}
        onConfirm={() => mutation.mutate()}
        onClose={onClose}
      />
    );
  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby="bulk-result-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="bulk-result-title">{result ? t('bulk.result_title') : translate(job.title, job.options)}</DialogTitle>
      <DialogContent data-testid="bulk-result">
        {mutation.isPending ? (
          <Box data-testid="bulk-progress">
            <LinearProgress
              variant={progress ? 'determinate' : 'indeterminate'}
              value={progress ? (100 * progress.done) / Math.max(progress.total, 1) : undefined}
            />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('bulk.running', {
                done: progress?.done ?? 0,
                total: progress?.total ?? job.options.smart_count,
              })}
            </Typography>
          </Box>
        ) : null}
        {result ? (
          <>
            <Alert severity={result.refused.length ? 'warning' : 'success'}>
              {t(`bulk.${job.doneKey}`, { smart_count: result.changed.length })}
              {result.unchanged.length
                ? ` · ${t('bulk.unchanged', { smart_count: result.unchanged.length })}`
                : ''}
            </Alert>
            <RefusedList result={result} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {t('bulk.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The input of the chosen field, with the form's own labels and the lookups' names. */
function ValueInput() {
  const t = useT();
  const field = useWatch({ name: 'field' }) as Field | undefined;
  const { lookups } = useLookups();
  if (field === 'status')
    return (
      <SelectInput
        source="status"
        label="resources.systems.fields.status"
        choices={systemStatusChoices()}
        translateChoice={false}
      />
    );
  if (field === 'areaId')
    return (
      <SelectInput
        source="areaId"
        label="resources.systems.fields.area"
        choices={lookups?.areas ?? []}
        emptyText={t('bulk.none')}
        isPending={!lookups}
      />
    );
  if (field === 'leaseId')
    return (
      <SelectInput
        source="leaseId"
        label="resources.systems.fields.lease"
        choices={lookups?.leases ?? []}
        emptyText={t('bulk.none')}
        isPending={!lookups}
      />
    );
  if (field === 'mediaOwnerIds')
    return (
      <AutocompleteArrayInput
        source="mediaOwnerIds"
        label="resources.systems.fields.mediaOwners"
        choices={lookups?.mediaOwners ?? []}
        helperText={t('bulk.media_owners_help')}
        isPending={!lookups}
      />
    );
  return null;
}

function DialogToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1 }}>
      <DialogCancelButton />
      <SaveButton label="ra.action.confirm" icon={<span />} alwaysEnable />
    </Toolbar>
  );
}

/** "Modifica selezionati": the field and its value, then the job. */
function BulkEditButton() {
  const t = useT();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { selectedIds } = useListContext<System>();
  const { lookups } = useLookups();
  const [open, setOpen] = useState(false);
  const [job, setJob] = useState<Job>();
  const count = selectedIds.length;
  const named = (list: { id: number; name: string }[] | undefined, id: number | null | undefined) =>
    id == null ? t('bulk.none') : (list?.find((x) => x.id === id)?.name ?? String(id));
  const submit = (v: EditValues) => {
    let change: SystemBulkChange;
    let value: string;
    if (v.field === 'status') {
      change = { field: 'status', value: v.status! };
      value = systemStatusLabel(v.status);
    } else if (v.field === 'areaId') {
      change = { field: 'areaId', value: v.areaId ?? null };
      value = named(lookups?.areas, v.areaId);
    } else if (v.field === 'leaseId') {
      change = { field: 'leaseId', value: v.leaseId ?? null };
      value = named(lookups?.leases, v.leaseId);
    } else {
      change = { field: 'mediaOwnerIds', value: v.mediaOwnerIds ?? [] };
      value = (v.mediaOwnerIds ?? []).map((id) => named(lookups?.mediaOwners, id)).join(', ');
    }
    const ids = selectedIds.map(Number);
    setOpen(false);
    setJob({
      title: 'resources.systems.bulk.confirm_edit',
      content: 'resources.systems.bulk.confirm_edit_content',
      options: {
        smart_count: ids.length,
        field: translate(FIELDS.find((f) => f.id === v.field)!.name),
        value,
      },
      doneKey: 'changed',
      run: (onProgress) => dataProvider.bulkUpdateSystems('systems', { ids, change, onProgress }),
    });
  };
  return (
    <>
      <Button size="small" startIcon={<EditIcon />} onClick={() => setOpen(true)}>
        {t('bulk.edit')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="bulk-edit-title"
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id="bulk-edit-title">{t('bulk.edit_title', { smart_count: count })}</DialogTitle>
        <AppSimpleForm
          record={{ field: 'status' }}
          resolver={editResolver}
          onSubmit={(v: Record<string, unknown>) => submit(v as EditValues)}
          toolbar={<DialogToolbar />}
          warnWhenUnsavedChanges={false}
        >
          <RadioButtonGroupInput source="field" label={t('bulk.field')} choices={FIELDS} />
          <ValueInput />
        </AppSimpleForm>
      </FormDialog>
      {job ? <JobRunner job={job} onClose={() => setJob(undefined)} /> : null}
    </>
  );
}

/** "Aggiungi a circuito": a circuit of a kind picked by name, then the job. */
function BulkCircuitButton() {
  const t = useT();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { selectedIds, filterValues } = useListContext<System>();
  const [open, setOpen] = useState(false);
  const [job, setJob] = useState<Job>();
  const [circuitName, setCircuitName] = useState('');
  const type = kindOfFilter(filterValues);
  const submit = (v: z.infer<typeof circuitSchema>) => {
    const systemIds = selectedIds.map(Number);
    setOpen(false);
    setJob({
      title: 'resources.systems.bulk.confirm_circuit',
      content: 'resources.systems.bulk.confirm_circuit_content',
      options: { smart_count: systemIds.length, name: circuitName, type: v.type },
      doneKey: 'added',
      run: (onProgress) =>
        dataProvider.addSystemsToCircuit('circuits', {
          id: v.circuitId,
          type: v.type,
          systemIds,
          onProgress,
        }),
    });
  };
  return (
    <>
      <Button size="small" startIcon={<AccountTreeIcon />} onClick={() => setOpen(true)}>
        {t('bulk.circuit')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="bulk-circuit-title"
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id="bulk-circuit-title">
          {t('bulk.circuit_title', { smart_count: selectedIds.length })}
        </DialogTitle>
        <AppSimpleForm
          record={{ type }}
          resolver={circuitResolver}
          onSubmit={(v: Record<string, unknown>) => submit(v as z.infer<typeof circuitSchema>)}
          toolbar={<DialogToolbar />}
          warnWhenUnsavedChanges={false}
        >
          <KindInput />
          <CircuitPicker onName={setCircuitName} />
        </AppSimpleForm>
      </FormDialog>
      {job ? <JobRunner job={job} onClose={() => setJob(undefined)} /> : null}
    </>
  );
}

/** The kind the list is filtered by, the picker's first kind. */
const kindOfFilter = (filter: Record<string, unknown>): 'OOH' | 'DOOH' =>
  filter.type === 'DOOH' ? 'DOOH' : 'OOH';

/** The circuit's kind; changing it drops a circuit picked of the other kind. */
function KindInput() {
  const { setValue } = useFormContext();
  return (
    <RadioButtonGroupInput
      source="type"
      label="resources.systems.fields.type"
      choices={[
        { id: 'OOH', name: 'OOH' },
        { id: 'DOOH', name: 'DOOH' },
      ]}
      translateChoice={false}
      onChange={() => setValue('circuitId', null)}
    />
  );
}

function CircuitPicker({ onName }: { onName: (name: string) => void }) {
  const t = useT();
  const type = useWatch({ name: 'type' }) as string;
  return (
    <ReferenceInput key={type} source="circuitId" reference="circuits" filter={{ type }}>
      <AutocompleteInput
        label={t('bulk.circuit_pick')}
        optionText="name"
        onChange={(_value, record) => onName(String((record as { name?: string } | undefined)?.name ?? ''))}
      />
    </ReferenceInput>
  );
}

/** The bulk toolbar of the systems list, with "select all N of the filter". */
export function SystemsBulkToolbar({
  exportColumns,
  inScrollBox = false,
}: {
  exportColumns: ExportColumn<System>[];
  inScrollBox?: boolean;
}) {
  const t = useT();
  const { total } = useListContext<System>();
  const count = Math.min(total ?? 0, SYSTEM_FILTERED_SEARCH.size);
  return (
    // Over a scrolling box react-admin's toolbar (lifted above the table) would be clipped: it takes its own row instead.
    <Box
      sx={
        inScrollBox
          ? {
              '& .RaBulkActionsToolbar-toolbar.RaBulkActionsToolbar-toolbar': {
                position: 'relative',
                transform: 'none',
              },
            }
          : undefined
      }
    >
      <BulkActionsToolbar
        // react-admin warns "limit reached" when it gets exactly `limit` rows: one more than the filter holds.
        selectAllButton={
          <SelectAllButton
            label={t('bulk.select_filter', { smart_count: count })}
            limit={Math.min(count + 1, SYSTEM_FILTERED_SEARCH.size)}
          />
        }
      >
        <BulkEditButton />
        <BulkCircuitButton />
        <ExportSelectedButton
          columns={exportColumns}
          fileName="impianti_selezionati"
          label="resources.systems.bulk.export"
        />
        <BulkDeleteButton mutationMode="pessimistic" />
      </BulkActionsToolbar>
    </Box>
  );
}
