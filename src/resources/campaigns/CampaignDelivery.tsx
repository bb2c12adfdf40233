import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { AutocompleteInput, DateInput, FormDataConsumer, NumberInput, RadioButtonGroupInput, TextInput, maxValue, minValue, required, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import type { components } from '@/api/generated/frame';
import { failureMessage } from '@/api/failures';
import type { AppDataProvider } from '@/dataProviders';
import { AppSimpleForm, DialogFormToolbar, FormDialog } from '@/forms/unsavedChanges';
import { useMessages } from '@/i18n/lookup';
import { formatDate } from '@/ui/format';

type Delivery = components['schemas']['CampaignDelivery'];
type MakeGoodInput = components['schemas']['MakeGoodInput'];

const M = 'resources.workOrders.delivery';
type Row = Delivery['rows'][number];

const STATUS_COLOR: Record<Row['status'], 'default' | 'info' | 'warning' | 'error' | 'success'> = {
  scheduled: 'default',
  notPosted: 'warning',
  problem: 'error',
  lost: 'warning',
  madeGood: 'success',
  regular: 'success',
};

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The faces free for the whole make-good period, by name (system code, face, address), searched on the service. */
function useFreeFaces(periodStart: string, periodEnd: string, q: string, enabled: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['makeGoodFaces', periodStart, periodEnd, q],
    enabled,
    queryFn: () => dataProvider.getAvailability('availability', { filter: { periodStart, periodEnd, q }, page: 1, perPage: 50 }),
    select: (page) =>
      page.rows
        .filter((r) => r.cells.every((c) => c.state === 'free' || (c.state === 'partial' && c.slotsLeft > 0)))
        .map((r) => ({ id: r.frameId, name: `${r.systemCode} · ${r.frameName} — ${r.address}, ${r.municipality}` })),
  });
}

interface MakeGoodValues {
  kind: MakeGoodInput['kind'];
  days: number;
  frameId?: number;
  periodStart?: string;
  reason: string;
}

function OtherFaceInput({ periodStart, days, excluded }: { periodStart: string; days: number; excluded: number }) {
  const translate = useMessages();
  const [q, setQ] = useState('');
  const end = addDays(periodStart, Math.max(1, days) - 1);
  const { data: choices = [], isFetching } = useFreeFaces(periodStart, end, q, Boolean(periodStart) && days > 0);
  return (
    <AutocompleteInput
      source="frameId"
      label={translate(`${M}.otherFace`)}
      helperText={translate(`${M}.otherFaceHint`)}
      choices={choices.filter((c) => c.id !== excluded)}
      setFilter={setQ}
      isPending={isFetching}
      validate={required()}
      fullWidth
    />
  );
}

/** «Recupero»: more days on the same face, or days on another face free then. */
function MakeGoodDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const translate = useMessages();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const face = `${row.frameName} · ${row.systemCode}`;
  const tomorrow = useMemo(() => addDays(new Date().toISOString().slice(0, 10), 1), []);
  const give = useMutation({
    mutationFn: (body: MakeGoodInput) => dataProvider.createMakeGood('workOrders', body),
    onSuccess: (made) => {
      void queryClient.invalidateQueries({ queryKey: ['campaignDelivery'] });
      notify(translate(`${M}.saved`, { days: translate(`${M}.givenDays`, { smart_count: made.days }), face: `${made.givenFrameName} · ${made.givenSystemCode}` }), { type: 'success' });
      onClose();
    },
  });
  const submit = async (values: Record<string, unknown>) => {
    const v = values as Partial<MakeGoodValues>;
    setError(undefined);
    const body: MakeGoodInput = { planningItemId: row.planningItemId, kind: v.kind ?? 'extraDays', days: Number(v.days), reason: String(v.reason ?? '').trim() };
    if (v.kind === 'otherFace') {
      body.frameId = Number(v.frameId);
      if (v.periodStart) body.periodStart = String(v.periodStart).slice(0, 10);
    }
    try {
      await give.mutateAsync(body);
    } catch (e) {
      setError(failureMessage(e));
    }
  };
  const missing = Math.max(1, row.lostDays - row.madeGoodDays);
  return (
    <FormDialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="make-good-title">
      <DialogTitle id="make-good-title">{translate(`${M}.makeGoodFor`, { face })}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <AppSimpleForm
          record={{ kind: 'extraDays', days: missing, periodStart: tomorrow, reason: '' }}
          onSubmit={submit}
          sx={{ p: 0 }}
          toolbar={<DialogFormToolbar label={`${M}.give`} alwaysEnable />}
        >
          <RadioButtonGroupInput
            source="kind"
            label={translate(`${M}.kind`)}
            choices={(['extraDays', 'otherFace'] as const).map((k) => ({ id: k, name: translate(`${M}.kinds.${k}`) }))}
          />
          <NumberInput source="days" label={translate(`${M}.days`)} min={1} max={90} validate={[required(), minValue(1), maxValue(90)]} />
          <FormDataConsumer<MakeGoodValues>>
            {({ formData }) =>
              formData.kind === 'otherFace' ? (
                <>
                  <DateInput source="periodStart" label={translate(`${M}.start`)} validate={required()} />
                  <OtherFaceInput periodStart={String(formData.periodStart ?? tomorrow).slice(0, 10)} days={Number(formData.days) || 1} excluded={row.frameId} />
                </>
              ) : null
            }
          </FormDataConsumer>
          <TextInput source="reason" label={translate(`${M}.reason`)} validate={required()} multiline fullWidth />
        </AppSimpleForm>
      </DialogContent>
    </FormDialog>
  );
}

/** The campaign's delivery against what was contracted, face by face, with the «Recupero» dialog and the make-goods given. */
export function CampaignDelivery({ campaignId }: { campaignId: number }) {
  const translate = useMessages();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: mayGive } = useCanAccess({ resource: 'campaigns', action: 'makeGood' });
  const [giving, setGiving] = useState<Row>();
  const { data, error, isPending } = useQuery({
    queryKey: ['campaignDelivery', campaignId],
    queryFn: () => dataProvider.getCampaignDelivery('workOrders', { campaignId }),
  });
  if (error) return <Alert severity="error">{failureMessage(error)}</Alert>;
  if (isPending) return <CircularProgress size={24} aria-label={translate(`${M}.loading`)} />;
  const kindLabel = (k: string) => translate(`resources.workOrders.problemKind.${k}`);
  return (
    <Stack spacing={2} component="section" aria-label={translate(`${M}.title`)}>
      <Typography variant="h6" component="h2">
        {translate(`${M}.title`)}
      </Typography>
      <Typography variant="body2">{translate(`${M}.today`, { date: formatDate(data.today) })}</Typography>
      {data.rows.length === 0 ? (
        <Typography>{translate(`${M}.empty`)}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={translate(`${M}.title`)}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${M}.face`)}</TableCell>
                <TableCell>{translate(`${M}.period`)}</TableCell>
                <TableCell align="right">{translate(`${M}.contracted`)}</TableCell>
                <TableCell align="right">{translate(`${M}.posted`)}</TableCell>
                <TableCell align="right">{translate(`${M}.lost`)}</TableCell>
                <TableCell align="right">{translate(`${M}.madeGood`)}</TableCell>
                <TableCell>{translate(`${M}.state`)}</TableCell>
                <TableCell>{translate(`${M}.problems`)}</TableCell>
                {mayGive ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.rows.map((row) => (
                <TableRow key={row.planningItemId}>
                  <TableCell component="th" scope="row" sx={{ minWidth: 180 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {row.frameName} · {row.systemCode}
                    </Typography>
                    <Typography variant="caption">
                      {row.address}, {row.municipality}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {formatDate(row.periodStart)} – {formatDate(row.periodEnd)}
                  </TableCell>
                  <TableCell align="right">{row.contractedDays}</TableCell>
                  <TableCell align="right">{row.postedDays}</TableCell>
                  <TableCell align="right">{row.lostDays}</TableCell>
                  <TableCell align="right">{row.madeGoodDays}</TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLOR[row.status]} label={translate(`${M}.status.${row.status}`)} />
                  </TableCell>
                  <TableCell>
                    {row.problems.map((p) => (
                      <Typography key={`${p.workOrderCode}-${p.reportedAt}`} variant="body2">
                        {translate(`${M}.problem`, { kind: kindLabel(p.kind), date: formatDate(p.reportedAt.slice(0, 10)), code: p.workOrderCode })}
                        {p.note ? `: ${p.note}` : ''} —{' '}
                        {p.fixedAt && p.maintenanceCode
                          ? translate(`${M}.problemFixed`, { date: formatDate(p.fixedAt.slice(0, 10)), code: p.maintenanceCode })
                          : translate(`${M}.problemOpen`, { code: p.maintenanceCode ?? '' })}
                        {' · '}
                        {translate(`${M}.problemDays`, { smart_count: p.lostDays })}
                      </Typography>
                    ))}
                  </TableCell>
                  {mayGive ? (
                    <TableCell>
                      {row.lostDays > 0 ? (
                        <Button size="small" variant="outlined" onClick={() => setGiving(row)} aria-label={`${translate(`${M}.makeGood`)} ${row.frameName} ${row.systemCode}`}>
                          {translate(`${M}.makeGood`)}
                        </Button>
                      ) : null}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box component="section" aria-label={translate(`${M}.makeGoods`)}>
        <Typography variant="subtitle1" component="h3">
          {translate(`${M}.makeGoods`)}
        </Typography>
        {data.makeGoods.length === 0 ? (
          <Typography variant="body2">{translate(`${M}.noMakeGoods`)}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {data.makeGoods.map((m) => (
              <li key={m.id}>
                <Typography variant="body2">
                  {translate(`${M}.given`, {
                    days: translate(`${M}.givenDays`, { smart_count: m.days }),
                    face: `${m.givenFrameName} · ${m.givenSystemCode}`,
                    start: formatDate(m.periodStart),
                    end: formatDate(m.periodEnd),
                    who: m.createdByName,
                    date: formatDate(m.createdAt.slice(0, 10)),
                    reason: m.reason,
                  })}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </Box>
      {giving ? <MakeGoodDialog row={giving} onClose={() => setGiving(undefined)} /> : null}
    </Stack>
  );
}
