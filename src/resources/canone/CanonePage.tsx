import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Chip,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  LinearProgress,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TableSortLabel,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  NumberInput,
  ResourceContextProvider,
  useCanAccess,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { SchemaCanoneUnicoRate as CanoneRate } from '@/api/generated/frame';
import { saveBlob } from '@/api/http';
import { updateCanoneUnicoRateBody } from '@/api/generated/frame.zod';
import type { AppDataProvider } from '@/dataProviders';
import { AppSimpleForm, FormDialog } from '@/forms/unsavedChanges';
import { downloadCsv, type CsvCell } from '@/ui/csv';
import { PageHeading } from '@/ui/FormPage';
import { formatMoney, formatNumber } from '@/ui/format';
import { StateMessage } from '@/ui/StateMessage';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { Faces, type CanoneSummaryRow } from './CanoneFaces';

/*
 * «Canone unico»: the municipal levy on advertising for a year, per municipality (sortable,
 * searchable, exported as CSV or Excel), each municipality opening its faces; and the rates each
 * municipality sets, which the admin edits.
 */

const T = 'resources.canone';
const rateResolver = schemaResolver(updateCanoneUnicoRateBody);

type SortKey =
  | 'municipality'
  | 'province'
  | 'faces'
  | 'litFaces'
  | 'totalSurface'
  | 'litSurface'
  | 'exposureDays'
  | 'amount';
const COLUMNS: Array<{ key: SortKey; numeric?: boolean }> = [
  { key: 'municipality' },
  { key: 'province' },
  { key: 'faces', numeric: true },
  { key: 'litFaces', numeric: true },
  { key: 'totalSurface', numeric: true },
  { key: 'litSurface', numeric: true },
  { key: 'exposureDays', numeric: true },
  { key: 'amount', numeric: true },
];

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The year's summary rows under the search, sorted by the chosen column. */
export function visibleRows(
  rows: CanoneSummaryRow[],
  q: string,
  sort: { key: SortKey; asc: boolean },
): CanoneSummaryRow[] {
  const wanted = normalize(q.trim());
  const matching = wanted
    ? rows.filter((r) => normalize(`${r.municipality} ${r.province}`).includes(wanted))
    : rows;
  return [...matching].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    const order =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'it');
    return sort.asc ? order : -order;
  });
}

const thisYear = () => new Date().getFullYear();

export default function CanonePage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<'summary' | 'rates'>('summary');
  const [year, setYear] = useState(thisYear());
  return (
    <Box>
      <PageHeading title={translate(`${T}.title`)} />
      <Tabs value={tab} onChange={(_e, value: 'summary' | 'rates') => setTab(value)} sx={{ mb: 2 }}>
        <Tab value="summary" label={translate(`${T}.tabs.summary`)} />
        <Tab value="rates" label={translate(`${T}.tabs.rates`)} />
      </Tabs>
      {tab === 'summary' ? <Summary year={year} setYear={setYear} /> : <Rates />}
    </Box>
  );
}

/** The year's summary; the year is the page's, kept while the rates tab is open. */
function Summary({ year, setYear }: { year: number; setYear: (year: number) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const failure = useFailure();
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; asc: boolean }>({ key: 'municipality', asc: true });
  const [open, setOpen] = useState<CanoneSummaryRow>();
  const [exporting, setExporting] = useState(false);
  const summary = useQuery({
    queryKey: ['canone', 'summary', year],
    queryFn: () => dataProvider.getCanoneSummary('frames', { year }),
  });
  const rows = useMemo(() => visibleRows(summary.data?.rows ?? [], q, sort), [summary.data, q, sort]);
  const years = Array.from({ length: 6 }, (_, i) => thisYear() + 1 - i);
  const head = COLUMNS.map((c) => translate(`${T}.fields.${c.key}`));

  const exportCsv = () => {
    const cells = rows.map((r): CsvCell[] => [
      r.municipality,
      r.province,
      r.faces,
      r.litFaces,
      r.totalSurface,
      r.litSurface,
      r.exposureDays,
      r.amount,
    ]);
    downloadCsv(`canone_unico_${year}.csv`, head, cells);
  };
  const exportExcel = async () => {
    setExporting(true);
    try {
      saveBlob(await dataProvider.exportCanone('frames', { year }), `canone_unico_${year}.xlsx`);
    } catch (error) {
      failure(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <TextField
          select
          size="small"
          label={translate(`${T}.fields.year`)}
          value={year}
          onChange={(e) => {
            setYear(Number(e.target.value));
            setOpen(undefined);
          }}
          sx={{ width: 140 }}
        >
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate(`${T}.fields.q`)}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          sx={{ width: 280 }}
        />
        <Box sx={{ flex: 1 }} />
        <Button
          startIcon={<DownloadIcon />}
          onClick={exportCsv}
          disabled={!rows.length}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {translate(`${T}.actions.export_csv`)}
        </Button>
        <Button
          startIcon={<DownloadIcon />}
          onClick={() => void exportExcel()}
          disabled={!summary.data?.rows.length || exporting}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {translate(`${T}.actions.export_excel`)}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.rules`)}
      </Typography>
      {summary.isPending ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : summary.error || !rows.length ? (
        <StateMessage
          error={summary.error}
          empty={translate(q ? `${T}.messages.no_match` : `${T}.messages.empty`, { year })}
        />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(`${T}.summary_label`, { year })}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c, i) => (
                  <TableCell
                    key={c.key}
                    align={c.numeric ? 'right' : 'left'}
                    sortDirection={sort.key === c.key ? (sort.asc ? 'asc' : 'desc') : false}
                  >
                    <TableSortLabel
                      active={sort.key === c.key}
                      direction={sort.key === c.key && !sort.asc ? 'desc' : 'asc'}
                      onClick={() => setSort((s) => ({ key: c.key, asc: s.key === c.key ? !s.asc : true }))}
                    >
                      {head[i]}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow
                  key={r.municipalityIstat}
                  hover
                  selected={open?.municipalityIstat === r.municipalityIstat}
                  data-municipality={r.municipality}
                >
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => setOpen(r)}
                      aria-label={translate(`${T}.actions.open_faces`, { name: r.municipality })}
                    >
                      {r.municipality}
                    </Link>
                    {r.ratesMissing ? (
                      <Chip
                        size="small"
                        color="warning"
                        label={translate(`${T}.messages.rates_missing`)}
                        sx={{ ml: 1 }}
                      />
                    ) : null}
                  </TableCell>
                  <TableCell>{r.province}</TableCell>
                  <TableCell align="right">{r.faces}</TableCell>
                  <TableCell align="right">{r.litFaces}</TableCell>
                  <TableCell align="right">{formatNumber(r.totalSurface)}</TableCell>
                  <TableCell align="right">{formatNumber(r.litSurface)}</TableCell>
                  <TableCell align="right">{formatNumber(r.exposureDays)}</TableCell>
                  <TableCell align="right">{formatMoney(r.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            {summary.data && !q ? (
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={2}>{translate(`${T}.fields.total`)}</TableCell>
                  <TableCell align="right">{summary.data.totals.faces}</TableCell>
                  <TableCell align="right">{summary.data.totals.litFaces}</TableCell>
                  <TableCell align="right">{formatNumber(summary.data.totals.totalSurface)}</TableCell>
                  <TableCell align="right">{formatNumber(summary.data.totals.litSurface)}</TableCell>
                  <TableCell align="right">{formatNumber(summary.data.totals.exposureDays)}</TableCell>
                  <TableCell align="right">{formatMoney(summary.data.totals.amount)}</TableCell>
                </TableRow>
              </TableFooter>
            ) : null}
          </Table>
        </Box>
      )}
      {open ? <Faces year={year} municipality={open} onClose={() => setOpen(undefined)} /> : null}
    </Stack>
  );
}

/** The rates of every municipality with systems; the admin edits them. */
function Rates() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: mayEdit } = useCanAccess({ resource: 'canoneRates', action: 'edit' });
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<CanoneRate>();
  const rates = useQuery({
    queryKey: ['canone', 'rates'],
    queryFn: () => dataProvider.getCanoneRates('frames'),
  });
  const wanted = normalize(q.trim());
  const rows = (rates.data ?? []).filter(
    (r) => !wanted || normalize(`${r.municipality} ${r.province}`).includes(wanted),
  );
  const rate = (n: number | null, unit: string) => (n === null ? '—' : `${formatNumber(n)} ${unit}`);
  return (
    <Stack spacing={2}>
      <TextField
        size="small"
        label={translate(`${T}.fields.q`)}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        sx={{ width: 280 }}
      />
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.rates_rules`)}
      </Typography>
      {rates.isPending ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : rates.error || !rows.length ? (
        <StateMessage
          error={rates.error}
          empty={translate(q ? `${T}.messages.no_match` : `${T}.messages.no_rates`)}
        />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(`${T}.tabs.rates`)}>
            <TableHead>
              <TableRow>
                {['municipality', 'province', 'annualRate', 'dailyRate', 'litMultiplier'].map((k) => (
                  <TableCell key={k}>{translate(`${T}.rate_fields.${k}`)}</TableCell>
                ))}
                {mayEdit ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.municipalityIstat} data-municipality={r.municipality}>
                  <TableCell>
                    {r.municipality}
                    {r.configured ? null : (
                      <Chip
                        size="small"
                        color="warning"
                        label={translate(`${T}.messages.rates_missing`)}
                        sx={{ ml: 1 }}
                      />
                    )}
                  </TableCell>
                  <TableCell>{r.province}</TableCell>
                  <TableCell>{rate(r.annualRate, '€/m²')}</TableCell>
                  <TableCell>{rate(r.dailyRate, '€/m²')}</TableCell>
                  <TableCell>
                    {r.litMultiplier === null ? '—' : `× ${formatNumber(r.litMultiplier)}`}
                  </TableCell>
                  {mayEdit ? (
                    <TableCell>
                      <IconButton
                        size="small"
                        aria-label={translate(`${T}.actions.edit_rates`, { name: r.municipality })}
                        onClick={() => setEditing(r)}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <RateDialog rate={editing} onClose={() => setEditing(undefined)} />
    </Stack>
  );
}

function RateDialog({ rate, onClose }: { rate?: CanoneRate; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const failure = useFailure();
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      dataProvider.updateCanoneRate('frames', {
        municipalityIstat: rate!.municipalityIstat,
        data: {
          annualRate: Number(values.annualRate),
          dailyRate: Number(values.dailyRate),
          litMultiplier: Number(values.litMultiplier),
          ...(rate!.lockVersion === undefined ? {} : { lockVersion: rate!.lockVersion }),
        },
      }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ['canone'] });
      notify(translate(`${T}.messages.rates_saved`, { name: saved.municipality }), {
        type: 'success',
        messageArgs: { _: '' },
      });
      onClose();
    },
    onError: failure,
  });
  const title = rate ? translate(`${T}.actions.edit_rates`, { name: rate.municipality }) : '';
  return (
    <FormDialog open={rate !== undefined} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {rate ? (
          <ResourceContextProvider value="canoneRates">
            <AppSimpleForm
              record={{
                annualRate: rate.annualRate ?? undefined,
                dailyRate: rate.dailyRate ?? undefined,
                litMultiplier: rate.litMultiplier ?? 2,
              }}
              resolver={rateResolver}
              onSubmit={(values: Record<string, unknown>) =>
                save.mutateAsync(values).then(
                  () => undefined,
                  () => undefined,
                )
              }
              sx={{ p: 0 }}
            >
              <NumberInput
                source="annualRate"
                label={`${T}.rate_fields.annualRate`}
                min={0}
                step={0.01}
                isRequired
              />
              <NumberInput
                source="dailyRate"
                label={`${T}.rate_fields.dailyRate`}
                min={0}
                step={0.01}
                isRequired
              />
              <NumberInput
                source="litMultiplier"
                label={`${T}.rate_fields.litMultiplier`}
                min={1}
                step={0.1}
                isRequired
                helperText={`${T}.helpers.litMultiplier`}
              />
            </AppSimpleForm>
          </ResourceContextProvider>
        ) : null}
      </DialogContent>
    </FormDialog>
  );
}
