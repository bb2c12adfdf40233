import { useEffect, useMemo, useState } from 'react';
import { Box, Button, TablePagination, Typography } from '@mui/material';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider, AvailabilityFilter, AvailabilityRow } from '@/dataProviders';
import { PageHeading } from '@/ui/FormPage';
import { formatNumber } from '@/ui/format';
import { StateMessage } from '@/ui/StateMessage';
import { AvailabilityFilters } from './AvailabilityFilters';
import { AvailabilityGrid, faceLabel, STATE_COLOURS } from './AvailabilityGrid';
import { EstimateLineDialog } from './EstimateLineDialog';
import { HoldDialog, type HoldFace } from './HoldDialog';
import { PER_PAGE_OPTIONS, readState, writeState, type ScreenState } from './filters';

/** The legend of the cells' colours. */
function Legend() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} aria-hidden>
      {(Object.keys(STATE_COLOURS) as (keyof typeof STATE_COLOURS)[]).map((state) => (
        <Box
          key={state}
          sx={{
            px: 0.75,
            fontSize: '0.75rem',
            borderRadius: 0.5,
            bgcolor: STATE_COLOURS[state].bg,
            color: STATE_COLOURS[state].fg,
            border: `1px solid ${STATE_COLOURS[state].border}`,
          }}
        >
          {translate(`resources.availability.states.${state}`)}
        </Box>
      ))}
    </Box>
  );
}

/**
 * Disponibilità: the faces matching the filters × the weeks or 14-day cycles of a period, each
 * cell free, partial (slots left), under option (who, for whom, until when) or booked, with the
 * occupancy of each face and of all of them. One request per page. The sellers select faces and
 * put them under option.
 */
export default function AvailabilityPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readState(params), [params]);
  const { filter, page, perPage } = state;
  const { canAccess: canHold } = useCanAccess({ resource: 'reservations', action: 'create' });
  const { canAccess: canSell } = useCanAccess({ resource: 'estimates', action: 'edit' });
  const [selected, setSelected] = useState<Map<number, HoldFace>>(new Map());
  const [holding, setHolding] = useState(false);
  const [selling, setSelling] = useState(false);
  // The estimate the selected faces went on: opened once its dialog (and the form's navigation guard) is gone.
  const [soldOn, setSoldOn] = useState<number | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (soldOn !== null) navigate(`/estimates/manage?id=${soldOn}`);
  }, [soldOn, navigate]);

  const query = useQuery({
    queryKey: ['availability', filter, page, perPage],
    queryFn: () => dataProvider.getAvailability('availability', { filter, page, perPage }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  const go = (next: Partial<ScreenState>) => setParams(writeState({ ...state, ...next }));
  const applyFilter = (next: AvailabilityFilter) => go({ filter: next, page: 1 });

  const toggle = (row: AvailabilityRow) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.frameId)) next.delete(row.frameId);
      else next.set(row.frameId, { frameId: row.frameId, label: faceLabel(row), systemType: row.systemType });
      return next;
    });
  const togglePage = (rows: AvailabilityRow[], select: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (select) next.set(row.frameId, { frameId: row.frameId, label: faceLabel(row), systemType: row.systemType });
        else next.delete(row.frameId);
      }
      return next;
    });

  const firstPeriod = data?.periods[0] ?? { start: filter.periodStart, end: filter.periodEnd };
  const occupancy = data?.occupancy;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 72px)', minHeight: 420, minWidth: 0 }}>
      <PageHeading
        title={translate('resources.availability.title')}
        actions={
          canHold ? (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              {selected.size > 0 && (
                <>
                  <Typography variant="body2" role="status">
                    {translate('resources.availability.selected', { smart_count: selected.size })}
                  </Typography>
                  <Button size="small" onClick={() => setSelected(new Map())}>
                    {translate('resources.availability.clear_selection')}
                  </Button>
                </>
              )}
              {canSell ? (
                <Button variant="outlined" startIcon={<PostAddIcon />} disabled={selected.size === 0} onClick={() => setSelling(true)}>
                  {translate('resources.availability.to_estimate')}
                </Button>
              ) : null}
              <Button
                variant="contained"
                startIcon={<BookmarkAddIcon />}
                disabled={selected.size === 0}
                onClick={() => setHolding(true)}
              >
                {translate('resources.availability.hold')}
              </Button>
            </Box>
          ) : undefined
        }
      />
      <AvailabilityFilters key={JSON.stringify(filter)} filter={filter} onApply={applyFilter} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="body2" data-testid="availability-summary" aria-live="polite">
          {occupancy && data
            ? translate('resources.availability.summary', {
                smart_count: data.total,
                total: formatNumber(data.total, 0),
                percent: formatNumber(occupancy.percent, 1),
                free: formatNumber(occupancy.free, 0),
                option: formatNumber(occupancy.option, 0),
                booked: formatNumber(occupancy.booked, 0),
              })
            : '\u00a0'}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Legend />
      </Box>
      {query.isError && !data ? (
        <StateMessage error={query.error} />
      ) : data && data.rows.length === 0 ? (
        <Typography sx={{ p: 2 }}>{translate('resources.availability.empty')}</Typography>
      ) : data ? (
        <AvailabilityGrid
          page={data}
          selected={new Set(selected.keys())}
          onToggle={toggle}
          onTogglePage={togglePage}
          selectable={canHold === true}
        />
      ) : (
        <Box sx={{ flex: 1 }} />
      )}
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={data ? Math.min(page - 1, Math.max(0, Math.ceil(data.total / perPage) - 1)) : page - 1}
        rowsPerPage={perPage}
        rowsPerPageOptions={PER_PAGE_OPTIONS}
        onPageChange={(_, p) => go({ page: p + 1 })}
        onRowsPerPageChange={(e) => go({ perPage: Number(e.target.value), page: 1 })}
        sx={{ flexShrink: 0 }}
      />
      {selling && (
        <EstimateLineDialog
          faces={[...selected.values()]}
          period={firstPeriod}
          onClose={(estimateId) => {
            setSelling(false);
            if (estimateId === undefined) return;
            setSelected(new Map());
            setSoldOn(estimateId);
          }}
        />
      )}
      {holding && (
        <HoldDialog
          faces={[...selected.values()]}
          period={firstPeriod}
          onClose={(held) => {
            setHolding(false);
            if (held) setSelected(new Map());
          }}
        />
      )}
    </Box>
  );
}
