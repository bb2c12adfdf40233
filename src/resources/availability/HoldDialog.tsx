import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  ReferenceInput,
  required,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import type { AppDataProvider, HoldResult } from '@/dataProviders';
import { AppSimpleForm, DialogFormToolbar, FormDialog } from '@/forms/unsavedChanges';
import { formatDate } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';

export interface HoldFace {
  frameId: number;
  label: string;
  /** The system type of the face's system (a product sells faces of one type). */
  systemType: string;
}

interface HoldValues {
  advertiserId?: number | null;
  estimateId?: number | null;
  periodStart?: string;
  periodEnd?: string;
  expiresOn?: string | null;
  queue?: boolean;
}

const endNotBeforeStart = (message: string) => (value: unknown, values: HoldValues) =>
  typeof value === 'string' && values.periodStart && value < values.periodStart ? message : undefined;

/** One face's answer: held until a day, queued at a place, or refused with the message naming what blocks it. */
function Outcome({ result }: { result: HoldResult }) {
  const translate = useTranslate();
  const r = result.reservation;
  if (r?.status === 'waiting') {
    return <Chip size="small" color="info" label={translate('resources.availability.queued', { position: r.queuePosition ?? '?' })} />;
  }
  if (r) {
    return (
      <>
        <Chip size="small" color="success" label={translate('resources.availability.held', { date: formatDate(r.expiresOn) })} />
        {r.warnings.map((w) => (
          <Alert key={w} severity="warning" sx={{ mt: 0.5, py: 0 }}>
            {w}
          </Alert>
        ))}
      </>
    );
  }
  return (
    <>
      <Chip size="small" color="error" label={translate('resources.availability.refused')} />{' '}
      <span>{result.refusal?.message}</span>
    </>
  );
}

/**
 * «Metti in opzione»: the selected faces for a period, for an advertiser (an estimate optional),
 * joining the queue when asked; then one result per face.
 */
export function HoldDialog({
  faces,
  period,
  onClose,
}: {
  faces: HoldFace[];
  period: { start: string; end: string };
  onClose: (held: boolean) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const failure = useFailure();
  const [results, setResults] = useState<HoldResult[] | null>(null);
  const hold = useMutation({
    mutationFn: (values: HoldValues) =>
      dataProvider.holdFaces('availability', {
        frameIds: faces.map((f) => f.frameId),
        periodStart: values.periodStart!,
        periodEnd: values.periodEnd!,
        advertiserId: Number(values.advertiserId),
        ...(values.estimateId ? { estimateId: Number(values.estimateId) } : {}),
        ...(values.expiresOn ? { expiresOn: values.expiresOn } : {}),
        queue: Boolean(values.queue),
      }),
    onSuccess: (answer) => {
      setResults(answer.results);
      void queryClient.invalidateQueries({ queryKey: ['availability'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
    onError: failure,
  });
  const labelOf = new Map(faces.map((f) => [f.frameId, f.label]));
  const field = (name: string) => `resources.availability.fields.${name}`;
  const titleId = 'hold-dialog-title';

  return (
    <FormDialog open onClose={() => onClose(results !== null)} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('resources.availability.hold_title', { smart_count: faces.length })}</DialogTitle>
      {results ? (
        <>
          <DialogContent>
            <Table size="small" aria-label={translate('resources.availability.hold_results')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(field('face'))}</TableCell>
                  <TableCell>{translate('resources.availability.hold_results')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {results.map((r) => (
                  <TableRow key={r.frameId} data-frame-id={r.frameId}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{labelOf.get(r.frameId) ?? r.frameId}</TableCell>
                    <TableCell>
                      <Outcome result={r} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={() => onClose(true)} autoFocus>
              {translate('resources.availability.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <AppSimpleForm
          defaultValues={{ periodStart: period.start, periodEnd: period.end, queue: false }}
          onSubmit={(values: object) => hold.mutateAsync(values as HoldValues).then(() => undefined, () => undefined)}
          toolbar={<DialogFormToolbar label="resources.availability.hold_submit" alwaysEnable />}
          sx={{ pt: 0 }}
        >
          <Alert severity="info" sx={{ mb: 1, width: '100%' }}>
            {faces.map((f) => f.label).join(', ')}
          </Alert>
          <ReferenceInput source="advertiserId" reference="advertisers">
            <AutocompleteInput
              label={field('advertiserId')}
              validate={required()}
              filterToQuery={(q: string) => ({ q })}
              fullWidth
            />
          </ReferenceInput>
          <ReferenceInput source="estimateId" reference="estimates">
            <AutocompleteInput label={field('estimateId')} filterToQuery={(q: string) => ({ q })} fullWidth />
          </ReferenceInput>
          <DateInput source="periodStart" label={field('periodStart')} validate={required()} />
          <DateInput
            source="periodEnd"
            label={field('periodEnd')}
            validate={[required(), endNotBeforeStart('resources.availability.errors.end_before_start')]}
          />
          <DateInput source="expiresOn" label={field('expiresOn')} />
          <BooleanInput source="queue" label={field('queue')} />
        </AppSimpleForm>
      )}
    </FormDialog>
  );
}
