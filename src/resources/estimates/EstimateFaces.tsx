import { useEffect, useMemo, useState } from 'react';
import { FormDialog } from '@/forms/unsavedChanges';
import {
  Alert,
  Box,
  Button,
  Chip,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useDataProvider, useNotify, useSourceContext, useTranslate } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AppDataProvider } from '@/dataProviders';
import { useCircuitChoices } from '@/ui/useCircuitChoices';
import type { SchemaAvailabilityPage as AvailabilityPage, SchemaQuote as Quote, SchemaReservation as Reservation, SchemaSystemType } from '@/api/generated/planner';
import type { SchemaProduct } from '@/api/generated/product';
import { ReservationStatusLabels } from '@/api/generated/planner.rules';
import { formatDate, formatMoney } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import type { Estimate } from './shared';

/*
 * What an estimate line sells when it names faces: the faces (picked from a list searched by system
 * code or address, or a whole circuit), each face's availability in the line's period (free, under
 * option by whom until when, booked) and the price the list gives for them, all before saving.
 */

type Row = AvailabilityPage['rows'][number];
type Holder = Row['cells'][number]['holders'][number];
type State = Row['cells'][number]['state'];

const RANK: Record<State, number> = { free: 0, partial: 1, option: 2, booked: 3 };

/** A face over the whole period: its worst cell, its fewest slots left, every holder once. */
export function faceOverPeriod(row: Row): { state: State; slotsLeft: number; holders: Holder[] } {
  let state: State = 'free';
  let slotsLeft = row.slots;
  const holders = new Map<number, Holder>();
  for (const cell of row.cells) {
    if (RANK[cell.state] > RANK[state]) state = cell.state;
    slotsLeft = Math.min(slotsLeft, cell.slotsLeft);
    for (const h of cell.holders) holders.set(h.reservationId, h);
  }
  return { state, slotsLeft, holders: [...holders.values()] };
}

const STATE_COLOR: Record<State, 'success' | 'info' | 'warning' | 'error'> = { free: 'success', partial: 'info', option: 'warning', booked: 'error' };

/** "In opzione — Sara Bianchi per Caffè Roma fino al 27/02/2026", and so on for each holder. */
function HolderText({ holders }: { holders: Holder[] }) {
  const translate = useTranslate();
  if (!holders.length) return null;
  return (
    <>
      {holders.map((h) => (
        <Typography key={h.reservationId} variant="caption" component="div" color="text.secondary">
          {h.status === 'booked'
            ? translate('resources.estimates.faces.holder_booked', { advertiser: h.advertiserName || '—', planning: h.planningName ?? '' })
            : h.status === 'waiting'
              ? translate('resources.estimates.faces.holder_waiting', { holder: h.holderName, advertiser: h.advertiserName || '—' })
              : translate('resources.estimates.faces.holder_option', { holder: h.holderName, advertiser: h.advertiserName || '—', until: formatDate(h.expiresOn) })}
        </Typography>
      ))}
    </>
  );
}

function StateChip({ row }: { row: Row }) {
  const translate = useTranslate();
  const { state, slotsLeft } = faceOverPeriod(row);
  const label =
    state === 'partial' || (state === 'free' && row.slots > 1)
      ? translate('resources.estimates.faces.partial', { slots: slotsLeft, total: row.slots })
      : translate(`resources.estimates.faces.${state}`);
  return <Chip size="small" color={STATE_COLOR[state]} variant="outlined" label={label} data-testid="face-state" />;
}

interface Period {
  periodStart?: string;
  periodEnd?: string;
}
const validPeriod = ({ periodStart, periodEnd }: Period) =>
  !!periodStart && !!periodEnd && /^\d{4}-\d{2}-\d{2}$/.test(periodStart) && /^\d{4}-\d{2}-\d{2}$/.test(periodEnd) && periodEnd >= periodStart;

/** The faces of a line in its period, with their availability (one request for the line). */
function useFacesOfLine(frameIds: number[], period: Period) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['plannings', 'faceAvailability', 'line', frameIds, period.periodStart, period.periodEnd],
    enabled: frameIds.length > 0 && validPeriod(period),
    queryFn: () =>
      dataProvider.faceAvailability('plannings', {
        periodStart: period.periodStart!,
        periodEnd: period.periodEnd!,
        step: 'week',
        frameIds,
        range: `[0,${frameIds.length - 1}]`,
      }),
  });
}

/** The list's price of a line's faces for its period; the line takes it as quantity and unit price. */
function useQuoteOfLine(line: { catalogId?: number; productId?: number; frameIds: number[]; circuitId?: number } & Period) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const ready = !!line.catalogId && !!line.productId && line.frameIds.length > 0 && validPeriod(line);
  return useQuery({
    queryKey: ['plannings', 'quoteFaces', line.catalogId, line.productId, line.frameIds, line.periodStart, line.periodEnd, line.circuitId],
    enabled: ready,
    queryFn: () =>
      dataProvider.quoteFaces('plannings', {
        catalogId: Number(line.catalogId),
        productId: Number(line.productId),
        frameIds: line.frameIds,
        periodStart: line.periodStart!,
        periodEnd: line.periodEnd!,
        ...(line.circuitId ? { circuitId: Number(line.circuitId) } : {}),
      }),
  });
}

function QuoteText({ quote }: { quote: Quote }) {
  const translate = useTranslate();
  const parts = [
    translate('resources.estimates.faces.price_unit', {
      unit: translate(`resources.estimates.faces.units.${quote.unit}`),
      price: formatMoney(quote.unitPrice),
      days: quote.days,
    }),
    ...quote.seasons.map((s) =>
      translate('resources.estimates.faces.price_season', { name: s.name, percent: `${s.percent > 0 ? '+' : ''}${s.percent}`, days: s.days }),
    ),
    ...(quote.packageCircuitId ? [translate('resources.estimates.faces.price_package')] : []),
  ];
  return (
    <Box data-testid="line-quote">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate('resources.estimates.faces.price', { perFace: formatMoney(quote.perFace), total: formatMoney(quote.total), faces: quote.faces })}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {parts.join(' · ')}
      </Typography>
    </Box>
  );
}

/** The faces part of one estimate line: its faces with their availability, the list's price, the picker. */
export function LineFaces({ products }: { products: SchemaProduct[] }) {
  const source = useSourceContext();
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const [picking, setPicking] = useState(false);
  const [frameIds, circuitId, catalogId, productId, periodStart, periodEnd] = useWatch({
    name: ['frameIds', 'circuitId', 'catalogId', 'productId', 'periodStart', 'periodEnd'].map((f) => source.getSource(f)),
  }) as [number[] | undefined, number | undefined, number | undefined, number | undefined, string | undefined, string | undefined];
  const ids = useMemo(() => (Array.isArray(frameIds) ? frameIds.map(Number) : []), [frameIds]);
  const faces = useFacesOfLine(ids, { periodStart, periodEnd });
  const quote = useQuoteOfLine({ catalogId, productId, frameIds: ids, circuitId, periodStart, periodEnd });
  const product = products.find((p) => p.id === Number(productId));
  const { circuits } = useCircuitChoices();
  const circuitName = circuits.find((c) => c.id === Number(circuitId))?.name;

  // The line sells its faces at the list's price: one unit per face, the price of one face.
  useEffect(() => {
    if (!quote.data || !ids.length) return;
    for (const [field, value] of [['quantity', quote.data.faces], ['unitPrice', quote.data.perFace]] as const) {
      if (Number(getValues(source.getSource(field))) !== value) setValue(source.getSource(field), value, { shouldDirty: true });
    }
  }, [quote.data, ids.length, setValue, getValues, source]);

  const setFaces = (next: number[], circuit?: number | null) => {
    setValue(source.getSource('frameIds'), next.length ? next : undefined, { shouldDirty: true });
    if (circuit !== undefined) setValue(source.getSource('circuitId'), circuit ?? undefined, { shouldDirty: true });
    if (!next.length) setValue(source.getSource('circuitId'), undefined, { shouldDirty: true });
  };
  const rows = new Map((faces.data?.rows ?? []).map((r) => [r.frameId, r]));

  return (
    <Box sx={{ gridColumn: '1 / -1', mt: 0.5 }} data-testid="line-faces">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 0.5 }}>
        <Typography variant="subtitle2">{translate('resources.estimates.faces.title')}</Typography>
        <Button size="small" variant="outlined" onClick={() => setPicking(true)} disabled={!validPeriod({ periodStart, periodEnd })}>
          {translate('resources.estimates.faces.pick')}
        </Button>
        {circuitName ? <Chip size="small" label={translate('resources.estimates.faces.circuit_line', { name: circuitName })} /> : null}
      </Stack>
      {!ids.length ? (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.estimates.faces.none')}
        </Typography>
      ) : (
        <>
          {faces.isPending ? (
            <Typography variant="caption" color="text.secondary">
              {translate('resources.estimates.faces.loading')}
            </Typography>
          ) : null}
          {faces.error ? <Alert severity="error">{(faces.error as Error).message}</Alert> : null}
          <Table size="small" data-testid="line-face-table">
            <TableBody>
              {ids.map((id) => {
                const row = rows.get(id);
                return (
                  <TableRow key={id} data-testid="line-face">
                    <TableCell sx={{ py: 0.25 }}>
                      {row ? `${row.frameName} – ${row.systemCode}` : `#${id}`}
                      {row ? (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {`${row.address}, ${row.municipality}`}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ py: 0.25 }}>
                      {row ? <StateChip row={row} /> : null}
                      {row ? <HolderText holders={faceOverPeriod(row).holders} /> : null}
                    </TableCell>
                    <TableCell sx={{ py: 0.25, width: 40 }}>
                      <IconButton
                        size="small"
                        aria-label={translate('resources.estimates.faces.remove', { name: row ? `${row.frameName} ${row.systemCode}` : String(id) })}
                        onClick={() => setFaces(ids.filter((x) => x !== id), null)}
                      >
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Box sx={{ mt: 0.5 }}>
            {quote.data ? (
              <QuoteText quote={quote.data} />
            ) : quote.error ? (
              <Alert severity="warning">{(quote.error as Error).message}</Alert>
            ) : !catalogId || !productId ? (
              <Typography variant="caption" color="text.secondary">
                {translate('resources.estimates.faces.need_product')}
              </Typography>
            ) : null}
          </Box>
        </>
      )}
      {picking ? (
        <FacePicker
          period={{ periodStart: periodStart!, periodEnd: periodEnd! }}
          systemType={product?.systemType ?? undefined}
          chosen={ids}
          onChange={setFaces}
          onClose={() => setPicking(false)}
        />
      ) : null}
    </Box>
  );
}

/** Faces to add to a line: searched by system code or address, filtered by circuit; a circuit adds all its faces. */
function FacePicker({
  period,
  systemType,
  chosen,
  onChange,
  onClose,
}: {
  period: { periodStart: string; periodEnd: string };
  systemType?: SchemaSystemType;
  chosen: number[];
  onChange: (ids: number[], circuitId?: number | null) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [circuitId, setCircuitId] = useState<number | ''>('');
  const { circuits } = useCircuitChoices();
  useEffect(() => {
    const t = setTimeout(() => setSearch(q.trim()), 300);
    return () => clearTimeout(t);
  }, [q]);
  const query = {
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    step: 'week' as const,
    ...(search ? { q: search } : {}),
    ...(circuitId ? { circuitId } : {}),
    ...(systemType ? { systemType } : {}),
  };
  const list = useQuery({
    queryKey: ['plannings', 'faceAvailability', 'picker', query],
    queryFn: () => dataProvider.faceAvailability('plannings', { ...query, range: '[0,49]' }),
  });
  const [adding, setAdding] = useState(false);
  const addCircuit = async () => {
    if (!circuitId) return;
    setAdding(true);
    try {
      const all = await dataProvider.faceAvailability('plannings', { ...query, q: undefined, range: '[0,499]' });
      onChange([...new Set([...chosen, ...all.rows.map((r) => r.frameId)])], circuitId);
    } finally {
      setAdding(false);
    }
  };
  const total = list.data?.total ?? 0;
  return (
    <FormDialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="face-picker-title">
      <DialogTitle id="face-picker-title">
        {translate('resources.estimates.faces.picker_title', { start: formatDate(period.periodStart), end: formatDate(period.periodEnd) })}
      </DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ my: 1 }}>
          <TextField size="small" label={translate('resources.estimates.faces.search')} value={q} onChange={(e) => setQ(e.target.value)} sx={{ flex: 2 }} />
          <TextField
            select
            size="small"
            label={translate('resources.estimates.faces.circuit')}
            value={circuitId}
            onChange={(e) => setCircuitId(e.target.value === '' ? '' : Number(e.target.value))}
            sx={{ flex: 1 }}
          >
            <MenuItem value="">—</MenuItem>
            {circuits.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {`${c.name} (${c.type})`}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {circuitId && total > 0 ? (
          <Button variant="contained" size="small" onClick={() => void addCircuit()} disabled={adding} sx={{ mb: 1 }}>
            {translate('resources.estimates.faces.add_circuit', { count: total })}
          </Button>
        ) : null}
        {list.error ? <Alert severity="error">{(list.error as Error).message}</Alert> : null}
        <Table size="small" data-testid="face-picker">
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.estimates.options.face')}</TableCell>
              <TableCell>{translate('resources.estimates.options.status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data?.rows ?? []).map((row) => {
              const added = chosen.includes(row.frameId);
              return (
                <TableRow key={row.frameId} data-testid="face-choice">
                  <TableCell>
                    {`${row.frameName} – ${row.systemCode}`}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {`${row.systemName} · ${row.address}, ${row.municipality} · ${row.format}`}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <StateChip row={row} />
                    <HolderText holders={faceOverPeriod(row).holders} />
                  </TableCell>
                  <TableCell align="right">
                    <Button size="small" disabled={added} onClick={() => onChange([...chosen, row.frameId])}>
                      {translate(added ? 'resources.estimates.faces.added' : 'resources.estimates.faces.add')}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
            {list.data && !list.data.rows.length ? (
              <TableRow>
                <TableCell colSpan={3}>{translate('resources.estimates.faces.no_results')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('resources.estimates.faces.done')}</Button>
      </DialogActions>
    </FormDialog>
  );
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The options of a saved estimate: «Metti in opzione» holds the faces of its lines for its
 * advertiser (one result per face), and the list shows each option with its status and expiry, to
 * renew or release.
 */
export function EstimateOptions({ estimate }: { estimate: Estimate }) {
  const translate = useTranslate();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const key = ['plannings', 'listReservations', { estimateId: estimate.id }];
  const options = useQuery({ queryKey: key, queryFn: () => dataProvider.listReservations('plannings', { filter: { estimateId: estimate.id } }) });
  const faceLines = estimate.lines.filter((l) => l.frameIds?.length);
  const [results, setResults] = useState<string[]>([]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['plannings'] });
  const hold = useMutation({
    mutationFn: async () => {
      const out: string[] = [];
      for (const line of faceLines) {
        const answer = await dataProvider.holdFaces('plannings', {
          frameIds: line.frameIds!,
          periodStart: line.periodStart,
          periodEnd: line.periodEnd,
          advertiserId: estimate.advertiserId,
          estimateId: estimate.id,
          queue: false,
        });
        for (const r of answer.results) {
          const face = r.reservation ? `${r.reservation.frameName} – ${r.reservation.systemCode}` : `#${r.frameId}`;
          if (r.reservation?.status === 'waiting')
            out.push(translate('resources.estimates.options.result_waiting', { face, position: r.reservation.queuePosition ?? '' }));
          else if (r.reservation) out.push(translate('resources.estimates.options.result_held', { face, until: formatDate(r.reservation.expiresOn) }));
          else out.push(translate('resources.estimates.options.result_refused', { face: `#${r.frameId}`, message: r.refusal?.message ?? '' }));
        }
      }
      return out;
    },
    onSuccess: (out) => {
      setResults(out);
      void refresh();
    },
    onError: failure,
  });
  const live = (options.data ?? []).filter((r) => r.status === 'option' || r.status === 'waiting' || r.status === 'booked');
  const ended = (options.data ?? []).filter((r) => !live.includes(r));
  return (
    <Box data-testid="estimate-options">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('resources.estimates.options.title')}
      </Typography>
      <Button
        variant="contained"
        size="small"
        sx={{ my: 1 }}
        disabled={!faceLines.length || hold.isPending || estimate.status === 'accepted' || estimate.status === 'rejected'}
        onClick={() => hold.mutate()}
      >
        {translate('resources.estimates.options.hold')}
      </Button>
      {!faceLines.length ? (
        <Typography variant="caption" component="div" color="text.secondary">
          {translate('resources.estimates.options.no_faces')}
        </Typography>
      ) : null}
      {results.length ? (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="hold-results" onClose={() => setResults([])}>
          {results.map((r) => (
            <div key={r}>{r}</div>
          ))}
        </Alert>
      ) : null}
      {options.data && !options.data.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.estimates.options.none')}
        </Typography>
      ) : null}
      {[...live, ...ended].map((r) => (
        <OptionRow key={r.id} reservation={r} onChange={refresh} />
      ))}
    </Box>
  );
}

function OptionRow({ reservation: r, onChange }: { reservation: Reservation; onChange: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [until, setUntil] = useState(r.expiresOn ? addDays(r.expiresOn, 7) : '');
  const renew = useMutation({
    mutationFn: () => dataProvider.renewReservation('plannings', { id: r.id, expiresOn: until }),
    onSuccess: (x) => {
      notify('resources.estimates.options.renewed', { type: 'success', messageArgs: { until: formatDate(x.expiresOn) } });
      onChange();
    },
    onError: failure,
  });
  const release = useMutation({
    mutationFn: () => dataProvider.releaseReservation('plannings', { id: r.id }),
    onSuccess: () => {
      notify('resources.estimates.options.released', { type: 'success' });
      onChange();
    },
    onError: failure,
  });
  const open = r.status === 'option' || r.status === 'waiting';
  return (
    <Box sx={{ py: 0.75, borderTop: 1, borderColor: 'divider' }} data-testid="estimate-option">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>{`${r.frameName} – ${r.systemCode}`}</Typography>
      <Typography variant="caption" component="div" color="text.secondary">
        {`${formatDate(r.periodStart)} – ${formatDate(r.periodEnd)} · ${ReservationStatusLabels[r.status]}${r.expiresOn && open ? ` · ${translate('resources.estimates.options.expires')} ${formatDate(r.expiresOn)}` : ''}${r.endReason ? ` · ${r.endReason}` : ''}`}
      </Typography>
      {open ? (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }}>
          <TextField
            type="date"
            size="small"
            label={translate('resources.estimates.options.renew_until')}
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 170 }}
          />
          <Button size="small" onClick={() => renew.mutate()} disabled={!until || renew.isPending}>
            {translate('resources.estimates.options.renew')}
          </Button>
          <Button size="small" color="error" onClick={() => release.mutate()} disabled={release.isPending}>
            {translate('resources.estimates.options.release')}
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}
