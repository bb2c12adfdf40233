import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import DownloadIcon from '@mui/icons-material/Download';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useDataProvider, useTranslate } from 'react-admin';
import type { SchemaProofOfPlay as Proof } from '@/api/generated/device';
import type { AppDataProvider } from '@/dataProviders';
import { downloadCsv, type CsvCell } from '@/ui/csv';
import { formatDate, formatNumber } from '@/ui/format';
import { StateMessage } from '@/ui/StateMessage';

const M = 'resources.proofOfPlay';
type Screen = Proof['screens'][number];
type Figures = Pick<Screen['days'][number], 'contracted' | 'delivered' | 'missing' | 'deliveredPercent' | 'audience'>;

const percentText = (value: number | null) => (value === null ? '—' : `${formatNumber(value, 1)} %`);

/** The CSV of the proof: one row per screen and day, then the campaign's total; the same figures as the table. */
function exportProof(proof: Proof, translate: (key: string, options?: object) => string): void {
  const f = (field: string) => translate(`${M}.fields.${field}`);
  const header = ['system', 'systemName', 'address', 'municipality', 'screen', 'day', 'slots', 'contracted', 'delivered', 'percent', 'missing', 'audience'].map(f);
  const rows: CsvCell[][] = proof.screens.flatMap((s) =>
    s.days.map((d) => [s.systemCode, s.systemName, s.address, s.municipality, s.frameName, formatDate(d.day), d.slots, d.contracted, d.delivered, d.deliveredPercent, d.missing, d.audience]),
  );
  const t = proof.totals;
  rows.push([translate(`${M}.total`), '', '', '', '', '', '', t.contracted, t.delivered, t.deliveredPercent, t.missing, t.audience]);
  const campaign = proof.campaignName.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, '');
  downloadCsv(translate(`${M}.file`, { campaign }), header, rows);
}

/** The figure cells of a row: contracted, delivered, percent, missing (a warning when short), audience. */
function FigureCells({ figures, strong = false }: { figures: Figures; strong?: boolean }) {
  const translate = useTranslate();
  const weight = strong ? 600 : undefined;
  return (
    <>
      <TableCell align="right" sx={{ fontWeight: weight }}>{formatNumber(figures.contracted)}</TableCell>
      <TableCell align="right" sx={{ fontWeight: weight }}>{formatNumber(figures.delivered)}</TableCell>
      <TableCell align="right" sx={{ fontWeight: weight }}>{percentText(figures.deliveredPercent)}</TableCell>
      <TableCell align="right" sx={{ fontWeight: weight, color: figures.missing ? 'warning.dark' : undefined }}>
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
          {figures.missing ? (
            <WarningAmberIcon fontSize="small" titleAccess={translate(`${M}.shortfall`)} />
          ) : null}
          <span>{formatNumber(figures.missing)}</span>
        </Stack>
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: weight }}>{formatNumber(figures.audience)}</TableCell>
    </>
  );
}

const COLUMNS = ['day', 'slots', 'contracted', 'delivered', 'percent', 'missing', 'audience'] as const;

function ScreenRows({ screen }: { screen: Screen }) {
  const translate = useTranslate();
  const players = screen.players.map((p) => p.serial).join(', ') || translate(`${M}.noPlayers`);
  return (
    <>
      <TableRow>
        <TableCell component="th" scope="rowgroup" colSpan={COLUMNS.length} sx={{ bgcolor: 'action.hover' }}>
          <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
            {translate(`${M}.screen`, { frame: screen.frameName, code: screen.systemCode, name: screen.systemName })}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate(`${M}.place`, {
              address: screen.address,
              municipality: screen.municipality,
              opens: screen.opensAt,
              closes: screen.closesAt,
              loop: screen.loopSeconds,
              players,
            })}
          </Typography>
          {screen.note ? (
            <Typography variant="body2" color="warning.dark">
              {screen.note}
            </Typography>
          ) : null}
        </TableCell>
      </TableRow>
      {screen.days.map((d) => (
        <TableRow
          key={d.day}
          data-shortfall={d.missing > 0 ? 'true' : undefined}
          sx={d.missing > 0 ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.14) } : undefined}
        >
          <TableCell>{formatDate(d.day)}</TableCell>
          <TableCell align="right">{d.slots}</TableCell>
          <FigureCells figures={d} />
        </TableRow>
      ))}
      {screen.days.length ? (
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>{translate(`${M}.screenTotal`)}</TableCell>
          <TableCell />
          <FigureCells figures={screen.totals} strong />
        </TableRow>
      ) : null}
    </>
  );
}

/** A DOOH campaign's plays delivered against contracted, per screen and day, with totals and a CSV export. */
export function ProofOfPlay({ campaignId }: { campaignId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: proof, error, isPending } = useQuery({
    queryKey: ['playLogs', 'proofOfPlay', campaignId],
    queryFn: () => dataProvider.proofOfPlay('playLogs', { campaignId }),
    retry: false,
  });
  if (error) return <StateMessage error={error} />;
  if (isPending) return <CircularProgress size={24} aria-label={translate(`${M}.loading`)} />;
  const t = proof.totals;
  const hasDays = proof.through !== null;
  return (
    <Stack spacing={1.5} component="section" aria-label={translate(`${M}.name`)}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {translate(`${M}.name`)}
        </Typography>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!hasDays} onClick={() => exportProof(proof, translate)}>
          {translate(`${M}.export`)}
        </Button>
      </Stack>
      {proof.reason ? <Alert severity="info">{proof.reason}</Alert> : null}
      {hasDays ? (
        <>
          <Typography>
            {translate(`${M}.summary`, {
              delivered: formatNumber(t.delivered),
              contracted: formatNumber(t.contracted),
              percent: percentText(t.deliveredPercent),
              through: formatDate(proof.through),
            })}
          </Typography>
          {t.daysShort ? (
            <Alert severity="warning">{translate(`${M}.short`, { days: t.daysShort, missing: formatNumber(t.missing) })}</Alert>
          ) : (
            <Alert severity="success">{translate(`${M}.full`)}</Alert>
          )}
          <Typography variant="caption" color="text.secondary">
            {translate(`${M}.rule`)}
          </Typography>
        </>
      ) : null}
      {proof.screens.length ? (
        <TableContainer component={Box} sx={{ maxHeight: 'max(240px, calc(100vh - 400px))', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label={translate(`${M}.name`)}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c} align={c === 'day' ? 'left' : 'right'}>
                    {translate(`${M}.fields.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {proof.screens.map((s) => (
                <Fragment key={s.frameId}>
                  <ScreenRows screen={s} />
                </Fragment>
              ))}
            </TableBody>
            {hasDays ? (
              <TableFooter>
                <TableRow data-testid="proof-of-play-total">
                  <TableCell sx={{ fontWeight: 600, color: 'text.primary' }}>{translate(`${M}.total`)}</TableCell>
                  <TableCell />
                  <FigureCells figures={t} strong />
                </TableRow>
              </TableFooter>
            ) : null}
          </Table>
        </TableContainer>
      ) : null}
    </Stack>
  );
}
