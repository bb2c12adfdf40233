import { useState } from 'react';
import { z } from 'zod';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
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
  AutocompleteInput,
  Confirm,
  RadioButtonGroupInput,
  ReferenceInput,
  useDataProvider,
  useGetMany,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { SchemaPlanning as Planning } from '@/api/generated/planner';
import type { SchemaSystem as System } from '@/api/generated/systems';
import type { AppDataProvider, BulkProgress, BulkResult } from '@/dataProviders';
import { AppSimpleForm, DialogFormToolbar, FormDialog } from '@/forms/unsavedChanges';
import { formatDate } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { useT } from './shared';

/*
 * The writes over a set of systems that the systems list (its selection, up to the whole filter)
 * and the map (an area drawn on it) share: add them to a circuit, add them to a planning. Each asks
 * first naming the count, shows its progress, then what changed and what the service refused, by
 * the system's code and the reason.
 */

/** A write over the systems: the question it asks, then the run. */
export interface Job {
  title: string;
  content: string;
  options: Record<string, unknown>;
  /** The result's count line ("modificati" or "aggiunti"). */
  doneKey: 'changed' | 'added';
  /** The line of the systems left as they were (default: already in the circuit). */
  unchangedKey?: string;
  run: (onProgress: BulkProgress) => Promise<BulkResult>;
}

function RefusedList({ result }: { result: BulkResult }) {
  const t = useT();
  const unnamed = result.refused.filter((r) => !r.code).map((r) => r.id);
  const { data: systems, isPending } = useGetMany<System>(
    'systems',
    { ids: unnamed },
    { enabled: unnamed.length > 0 },
  );
  // While the codes load, an ellipsis rather than an id; a system gone meanwhile keeps its id.
  const codeOf = (id: number, code?: string) =>
    code ?? systems?.find((s) => s.id === id)?.code ?? (isPending ? '…' : String(id));
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

/**
 * Confirmation (naming the count), progress, then the result of a job. `onDone` (clear the
 * selection) when the result is closed and something changed: the result stays until then, even
 * where clearing the selection takes away the button that opened it (the map's bar).
 */
export function JobRunner({ job, onClose, onDone }: { job: Job; onClose: () => void; onDone?: () => void }) {
  const t = useT();
  const translate = useTranslate();
  const failure = useFailure();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const mutation = useMutation({
    mutationFn: () => job.run((done, total) => setProgress({ done, total })),
    onSuccess: () => {
      for (const key of ['systems', 'circuits', 'plannings', 'planningItems'])
        void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => {
      failure(error);
      onClose();
    },
  });
  const result = mutation.data;
  const close = () => {
    onClose();
    if (result?.changed.length) onDone?.();
  };
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
      onClose={mutation.isPending ? undefined : close}
      aria-labelledby="bulk-result-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="bulk-result-title">
        {result ? t('bulk.result_title') : translate(job.title, job.options)}
      </DialogTitle>
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
                ? ` · ${t(job.unchangedKey ?? 'bulk.unchanged', { smart_count: result.unchanged.length })}`
                : ''}
            </Alert>
            <RefusedList result={result} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={mutation.isPending}>
          {t('bulk.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DialogToolbar() {
  return <DialogFormToolbar label="ra.action.confirm" icon={<span />} alwaysEnable />;
}

/** What the systems' buttons take: the systems, and what to do once some were written (clear the selection). */
interface SelectionProps {
  systemIds: number[];
  onDone?: () => void;
}

/** A dialog form that picks where the systems go, then the job it makes. */
function PickThenRun({
  label,
  icon,
  titleId,
  title,
  record,
  resolver,
  toJob,
  onDone,
  children,
}: {
  label: string;
  icon: React.ReactNode;
  titleId: string;
  title: string;
  record: Record<string, unknown>;
  resolver: ReturnType<typeof schemaResolver>;
  toJob: (values: Record<string, unknown>) => Job;
  onDone?: () => void;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [job, setJob] = useState<Job>();
  return (
    <>
      <Button size="small" startIcon={icon} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <AppSimpleForm
          record={record}
          resolver={resolver}
          onSubmit={(v: Record<string, unknown>) => {
            setOpen(false);
            setJob(toJob(v));
          }}
          toolbar={<DialogToolbar />}
          warnWhenUnsavedChanges={false}
        >
          {children}
        </AppSimpleForm>
      </FormDialog>
      {job ? <JobRunner job={job} onClose={() => setJob(undefined)} onDone={onDone} /> : null}
    </>
  );
}

const requiredId = z.number({
  required_error: 'ra.validation.required',
  invalid_type_error: 'ra.validation.required',
});
const circuitSchema = z.object({ type: z.enum(['OOH', 'DOOH']), circuitId: requiredId });
const circuitResolver = schemaResolver(circuitSchema);

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

/** "Aggiungi a circuito": a circuit of a kind (`type` first) picked by name, then the job. */
export function AddToCircuitButton({ systemIds, type, onDone }: SelectionProps & { type: 'OOH' | 'DOOH' }) {
  const t = useT();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [circuitName, setCircuitName] = useState('');
  return (
    <PickThenRun
      label={t('bulk.circuit')}
      icon={<AccountTreeIcon />}
      titleId="bulk-circuit-title"
      title={t('bulk.circuit_title', { smart_count: systemIds.length })}
      record={{ type }}
      resolver={circuitResolver}
      onDone={onDone}
      toJob={(values) => {
        const v = values as z.infer<typeof circuitSchema>;
        return {
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
        };
      }}
    >
      <KindInput />
      <CircuitPicker onName={setCircuitName} />
    </PickThenRun>
  );
}

const planningSchema = z.object({ planningId: requiredId });
const planningResolver = schemaResolver(planningSchema);

const planningPeriod = (p: Pick<Planning, 'periodStart' | 'periodEnd'>) =>
  `${formatDate(p.periodStart)} – ${formatDate(p.periodEnd)}`;
const planningOption = (p: Planning) => `${p.name} (${planningPeriod(p)})`;

/** "Aggiungi a pianificazione": a planning picked by name, then the job (its availability checked by the data provider). */
export function AddToPlanningButton({ systemIds, onDone }: SelectionProps) {
  const t = useT();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [planning, setPlanning] = useState<Planning>();
  return (
    <PickThenRun
      label={t('bulk.planning')}
      icon={<EventAvailableIcon />}
      titleId="bulk-planning-title"
      title={t('bulk.planning_title', { smart_count: systemIds.length })}
      record={{}}
      resolver={planningResolver}
      onDone={onDone}
      toJob={(values) => {
        const { planningId } = values as z.infer<typeof planningSchema>;
        return {
          title: 'resources.systems.bulk.confirm_planning',
          content: 'resources.systems.bulk.confirm_planning_content',
          options: {
            smart_count: systemIds.length,
            name: planning?.name ?? '',
            period: planning ? planningPeriod(planning) : '',
          },
          doneKey: 'added',
          unchangedKey: 'bulk.unchanged_planning',
          run: (onProgress) =>
            dataProvider.addSystemsToPlanning('plannings', { id: planningId, systemIds, onProgress }),
        };
      }}
    >
      <ReferenceInput source="planningId" reference="plannings" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput
          label={t('bulk.planning_pick')}
          optionText={planningOption}
          inputText={(p: Planning) => p.name}
          onChange={(_value, record) => setPlanning(record as Planning | undefined)}
        />
      </ReferenceInput>
    </PickThenRun>
  );
}
