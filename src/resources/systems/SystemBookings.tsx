import { useState } from 'react';
import {
  Alert,
  Box,
  CircularProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCanAccess, useGetList, useGetMany } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SchemaPlanning as Planning, SchemaPlanningItem as PlanningItem } from '@/api/generated/planner';
import { failureMessage } from '@/api/failures';
import { AvailabilityTimeline, daysOf, periodProblem, TimelineLegend } from '@/ui/AvailabilityTimeline';
import { formatDate, formatMoney } from '@/ui/format';
import { isoDay } from '@/ui/period';
import { useT } from './shared';

/** Eight weeks from today: the season a seller usually looks at. */
const DEFAULT_DAYS = 56;
/** The longest period drawn day by day (a strip of a year still reads; longer would not). */
const MAX_DAYS = 366;

function defaultPeriod(): { from: string; to: string } {
  const today = new Date();
  const last = new Date(today);
  last.setDate(today.getDate() + DEFAULT_DAYS - 1);
  return { from: isoDay(today), to: isoDay(last) };
}

/**
 * The system's bookings over a period (every planning that books it), drawn as
 * a strip of free and occupied days, with the plannings by name. Plannings are the admin's
 * (planner service, x-roles): other roles see nothing of them.
 */
export function SystemBookings({ systemId }: { systemId: number }) {
  const { canAccess } = useCanAccess({ resource: 'planningItems', action: 'list' });
  if (!canAccess) return null;
  return <Bookings systemId={systemId} />;
}

function Bookings({ systemId }: { systemId: number }) {
  const t = useT();
  const [period, setPeriod] = useState(defaultPeriod);
  const problem = periodProblem(period.from, period.to, MAX_DAYS);
  const { data: items, error } = useGetList<PlanningItem>('planningItems', {
    filter: { systemId },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'periodStart', order: 'ASC' },
  });
  const inPeriod = (items ?? []).filter((b) => !problem && b.periodStart <= period.to && b.periodEnd >= period.from);
  const planningIds = [...new Set(inPeriod.map((b) => b.planningId))];
  const { data: plannings } = useGetMany<Planning>('plannings', { ids: planningIds }, { enabled: planningIds.length > 0 });
  const nameOf = (id: number) => plannings?.find((p) => p.id === id)?.name ?? '…';
  const dateField = (key: 'from' | 'to') => (
    <TextField
      type="date"
      size="small"
      label={t(`detail.bookings_${key}`)}
      value={period[key]}
      onChange={(e) => setPeriod((p) => ({ ...p, [key]: e.target.value }))}
      error={Boolean(problem) && (key === 'to' || !period.from)}
      slotProps={{ inputLabel: { shrink: true } }}
      fullWidth={false}
      sx={{ width: 190 }}
    />
  );
  return (
    <Paper sx={{ p: 2 }} data-testid="system-bookings">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('detail.bookings')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {dateField('from')}
        {dateField('to')}
      </Stack>
      {problem ? (
        <Alert severity="warning">{t(`detail.bookings_period_${problem}`, { max: MAX_DAYS })}</Alert>
      ) : error ? (
        <Alert severity="error">{t('detail.section_error', { message: failureMessage(error) })}</Alert>
      ) : !items ? (
        <CircularProgress size={20} aria-label={t('list.loading')} />
      ) : (
        <>
          <Box sx={{ mb: 1 }}>
            <AvailabilityTimeline systemId={systemId} days={daysOf(period.from, period.to)} bookings={inPeriod} width="100%" />
          </Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="caption">{formatDate(period.from)}</Typography>
            <TimelineLegend states={['free', 'taken']} />
            <Typography variant="caption">{formatDate(period.to)}</Typography>
          </Stack>
          {inPeriod.length ? (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('detail.bookings_planning')}</TableCell>
                  <TableCell>{t('detail.bookings_from')}</TableCell>
                  <TableCell>{t('detail.bookings_to')}</TableCell>
                  <TableCell align="right">{t('detail.bookings_price')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {inPeriod.map((b) => (
                  <TableRow key={b.id}>
                    <TableCell>
                      <Link component={RouterLink} to={`/plannings/${b.planningId}`}>
                        {nameOf(b.planningId)}
                      </Link>
                    </TableCell>
                    <TableCell>{formatDate(b.periodStart)}</TableCell>
                    <TableCell>{formatDate(b.periodEnd)}</TableCell>
                    <TableCell align="right">{formatMoney(b.price)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Typography color="text.secondary">{t('detail.bookings_none')}</Typography>
          )}
        </>
      )}
    </Paper>
  );
}
