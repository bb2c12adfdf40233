import { createContext, useContext, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Stack, Typography, Link as MuiLink } from '@mui/material';
import {
  DataTable,
  FunctionField,
  Loading,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useDataProvider,
  useGetList,
  useGetMany,
  useGetOne,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { failureMessage } from '@/api/failures';
import type { SchemaSystem } from '@/api/generated/systems';
import type { AppDataProvider } from '@/dataProviders';
import { PageHeading } from '@/ui/FormPage';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { codeLabel, formatMoney } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { AvailabilityTimeline, daysOf } from '@/ui/AvailabilityTimeline';
import { formatPeriod } from './period';
import { PlanningMap, type MapPoint } from './PlanningMap';
import {
  SYSTEM_TYPE_LABELS,
  type ConflictingBooking,
  type Planning,
  type PlanningItem,
  type SystemAvailability,
} from './shared';
import { MAX_ITEMS, useBookedSystems } from './useBookedSystems';
import { ListPage } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';
import { CircuitFaces } from './CircuitFaces';

type System = SchemaSystem & { id: number };

const kindChoices = (['ALL', 'OOH', 'DOOH'] as const).map((k) => ({
  id: k,
  name: `resources.plannings.search.kinds.${k}`,
}));

const filtersFor = (translate: (key: string) => string) => [
  <SearchInput key="searchTerm" source="searchTerm" alwaysOn placeholder={translate('resources.plannings.search.term')} />,
  <SelectInput key="type" source="type" label="resources.plannings.search.kind" choices={kindChoices} alwaysOn />,
  <TextInput key="province" source="province" label="resources.plannings.search.province" alwaysOn />,
];

const exportColumns: ExportColumn<System>[] = [
  { label: 'resources.plannings.system.code', value: (s) => s.code },
  { label: 'resources.systems.fields.name', value: (s) => s.name },
  { label: 'resources.plannings.system.address', value: (s) => `${s.address}, ${s.municipality.name}` },
  { label: 'resources.plannings.system.type', value: (s) => codeLabel(SYSTEM_TYPE_LABELS, s.systemType) },
];

/** What the rows of the search share: the planning, each system's availability and booking, the actions. */
interface SearchState {
  planning: Planning;
  availability: Map<number, SystemAvailability>;
  bookingsOf: (systemId: number) => PlanningItem[];
  days: string[];
  itemOf: (systemId: number) => PlanningItem | undefined;
  busy: number | null;
  add: (system: System) => void;
  remove: (system: System) => void;
}
const SearchContext = createContext<SearchState | null>(null);
const useSearch = () => useContext(SearchContext)!;

function AvailabilityCell() {
  const translate = useTranslate();
  const system = useRecordContext<System>();
  const { availability, itemOf } = useSearch();
  if (!system) return null;
  const a = availability.get(system.id);
  if (itemOf(system.id))
    return <Chip size="small" color="primary" label={translate('resources.plannings.search.inPlanning')} />;
  if (!a) return null;
  if (!a.free)
    return (
      <Chip
        size="small"
        color="error"
        label={translate('resources.plannings.search.taken', { planning: a.conflict?.planningName ?? '' })}
      />
    );
  return <Chip size="small" color="success" label={translate('resources.plannings.search.free')} />;
}

function TimelineCell() {
  const system = useRecordContext<System>();
  const { planning, days, bookingsOf } = useSearch();
  if (!system) return null;
  return (
    <AvailabilityTimeline
      systemId={system.id}
      days={days}
      bookings={bookingsOf(system.id)}
      planningId={Number(planning.id)}
    />
  );
}

/** Add when the system is free in the period, remove when this planning books it; nothing on an occupied row. */
function ActionCell() {
  const translate = useTranslate();
  const system = useRecordContext<System>();
  const { availability, itemOf, busy, add, remove } = useSearch();
  if (!system) return null;
  if (itemOf(system.id))
    return (
      <Button size="small" disabled={busy === system.id} onClick={() => remove(system)}>
        {translate('resources.plannings.search.remove')}
      </Button>
    );
  const a = availability.get(system.id);
  return (
    <Button
      size="small"
      variant="outlined"
      // Unknown availability (still loading) or an occupied system: nothing to add.
      disabled={busy === system.id || !a || !a.free}
      onClick={() => add(system)}
    >
      {translate('resources.plannings.search.add')}
    </Button>
  );
}

/** The page of systems found: their availability in the period, the map, the add and remove actions. */
function SearchResults({
  planning,
  onConflict,
}: {
  planning: Planning;
  onConflict: (conflict: { booking: ConflictingBooking; code: string } | null) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const planningId = Number(planning.id);
  const { data: rows = [] } = useListContext<System>();
  const ids = rows.map((s) => s.id);
  const { items } = useBookedSystems(planningId);
  const availability = useQuery({
    queryKey: ['plannings', planningId, 'availability', ids],
    queryFn: () => dataProvider.planningAvailability('plannings', { id: planningId, systemIds: ids }),
    enabled: ids.length > 0,
  });
  const bookings = useGetList<PlanningItem>(
    'planningItems',
    { filter: { systemId: ids }, pagination: { page: 1, perPage: MAX_ITEMS }, sort: { field: 'id', order: 'ASC' } },
    { enabled: ids.length > 0 },
  );
  const [busy, setBusy] = useState<number | null>(null);
  const refresh = () => {
    setBusy(null);
    void queryClient.invalidateQueries({ queryKey: ['plannings'] });
    void queryClient.invalidateQueries({ queryKey: ['planningItems'] });
  };
  const byId = new Map((availability.data ?? []).map((a) => [a.systemId, a]));
  const itemOf = (systemId: number) => items.data?.find((i) => i.systemId === systemId);

  const state: SearchState = {
    planning,
    availability: byId,
    days: daysOf(planning.periodStart, planning.periodEnd),
    bookingsOf: (systemId) => (bookings.data ?? []).filter((b) => b.systemId === systemId),
    itemOf,
    busy,
    add: (system) => {
      setBusy(system.id);
      onConflict(null);
      // Every face of the system goes in (a two-sided poster is two sales); a face already taken is named.
      dataProvider
        .addSystemsToPlanning('plannings', { id: planningId, systemIds: [system.id] })
        .then((result) => {
          if (result.changed.length) notify('resources.plannings.search.added', { type: 'success', messageArgs: { code: system.code } });
          const refusal = result.refused[0];
          if (refusal?.conflict) onConflict({ booking: { ...refusal.conflict, systemId: system.id }, code: system.code });
          else if (refusal) notify(refusal.message, { type: 'warning' });
        })
        .catch(failure)
        .finally(refresh);
    },
    remove: (system) => {
      const mine = (items.data ?? []).filter((i) => i.systemId === system.id);
      if (!mine.length) return;
      setBusy(system.id);
      Promise.all(mine.map((item) => dataProvider.delete('planningItems', { id: item.id, previousData: item })))
        .then(() => notify('resources.plannings.search.removed', { type: 'info', messageArgs: { code: system.code } }))
        .catch(failure)
        .finally(refresh);
    },
  };

  const points: MapPoint[] = rows.map((s) => {
    const free = byId.get(s.id)?.free ?? true;
    return {
      id: s.id,
      latitude: s.latitude,
      longitude: s.longitude,
      label: `${s.code} – ${s.address}`,
      tone: itemOf(s.id) ? 'booked' : free ? 'free' : 'taken',
    };
  });

  return (
    <SearchContext.Provider value={state}>
      {availability.error ? <Alert severity="error">{failureMessage(availability.error)}</Alert> : null}
      <PlanningMap points={points} label={translate('resources.plannings.map')} />
      <DataTable storeKey="planningSearch.datatable" bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="code">
          <FunctionField<System> render={(s) => <span data-testid={`system-${s.id}`}>{s.code}</span>} />
        </DataTable.Col>
        <DataTable.Col source="address" label="resources.plannings.system.address">
          <FunctionField<System> render={(s) => `${s.address}, ${s.municipality.name}`} />
        </DataTable.Col>
        <DataTable.Col source="systemType" label="resources.plannings.system.type">
          <FunctionField<System> render={(s) => codeLabel(SYSTEM_TYPE_LABELS, s.systemType)} />
        </DataTable.Col>
        <DataTable.Col label="resources.plannings.search.availability" disableSort>
          <AvailabilityCell />
        </DataTable.Col>
        <DataTable.Col label="resources.plannings.timeline.title" disableSort>
          <TimelineCell />
        </DataTable.Col>
        <DataTable.Col label="resources.plannings.search.actions" disableSort>
          <ActionCell />
        </DataTable.Col>
      </DataTable>
    </SearchContext.Provider>
  );
}

/** /plannings/:id/search: systems with their availability in the period; add the free ones, remove booked ones. */
export default function PlanningSearchPage() {
  const { id } = useParams();
  const planningId = Number(id);
  const translate = useTranslate();
  const { data: planning, isPending, error } = useGetOne<Planning>('plannings', { id: planningId });
  const [conflict, setConflict] = useState<{ booking: ConflictingBooking; code: string } | null>(null);
  const circuitIds = planning?.criteria.circuitIds ?? [];
  const circuits = useGetMany<{ id: number; name: string }>('circuits', { ids: circuitIds }, { enabled: circuitIds.length > 0 });
  if (isPending) return <Loading />;
  if (error || !planning) return <Alert severity="error">{failureMessage(error)}</Alert>;
  const types = planning.criteria.systemTypes;
  // The planning's criteria narrow the systems listed: its system types and its circuits (any of them).
  const criteria = { ...(types.length ? { systemTypes: types } : {}), ...(circuitIds.length ? { circuitIds } : {}) };
  return (
    <>
      <PageHeading title={translate('resources.plannings.search.title', { name: planning.name })} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography>{formatPeriod(planning.periodStart, planning.periodEnd)}</Typography>
        <Typography data-testid="planning-totals">
          {translate('resources.plannings.faces.totals', {
            faces: planning.totals.faces,
            systems: planning.totals.systems,
            amount: formatMoney(planning.totals.amount),
          })}
        </Typography>
        <Button component={RouterLink} to={`/plannings/${planningId}`} size="small">
          {translate('resources.plannings.search.back')}
        </Button>
      </Stack>
      {types.length > 0 && (
        <Typography variant="body2">
          {translate('resources.plannings.search.criteria', {
            types: types.map((t) => codeLabel(SYSTEM_TYPE_LABELS, t)).join(', '),
          })}
        </Typography>
      )}
      {circuitIds.length > 0 && (
        <Typography variant="body2" data-testid="search-circuits">
          {translate('resources.plannings.search.circuits', {
            circuits: circuitIds.map((c) => circuits.data?.find((x) => x.id === c)?.name ?? `#${c}`).join(', '),
          })}
        </Typography>
      )}
      {conflict && (
        <Alert severity="error" sx={{ my: 2 }} onClose={() => setConflict(null)} data-testid="booking-conflict">
          {translate('resources.plannings.search.conflict', {
            system: conflict.code,
            planning: conflict.booking.planningName,
            period: formatPeriod(conflict.booking.periodStart, conflict.booking.periodEnd),
          })}{' '}
          <MuiLink component={RouterLink} to={`/plannings/${conflict.booking.planningId}`}>
            {translate('resources.plannings.search.openConflict')}
          </MuiLink>
        </Alert>
      )}
      <CircuitFaces planning={planning} />
      <Box>
        <ListPage
          resource="systems"
          filter={criteria}
          filters={filtersFor(translate)}
          filterDefaultValues={{ type: 'ALL' }}
          disableSyncWithLocation
          storeKey={`planningSearch.${planningId}`}
          perPage={25}
          sort={{ field: 'code', order: 'ASC' }}
          actions={
            <TopToolbar>
              <ListViewButtons list="planningSearch" columnsStoreKey="planningSearch.datatable" />
              <ExportAllButton columns={exportColumns} fileName={`impianti_pianificazione_${planningId}`} />
            </TopToolbar>
          }
        >
          <SearchResults planning={planning} onConflict={setConflict} />
        </ListPage>
      </Box>
    </>
  );
}
