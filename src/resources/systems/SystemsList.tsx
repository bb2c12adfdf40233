import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import MapIcon from '@mui/icons-material/Map';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  LinearProgress,
  Stack,
  TableBody,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  DataTable,
  ListBase,
  Pagination,
  useDataProvider,
  useDataTableDataContext,
  useListContext,
  type DataTableBodyProps,
} from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import type { SchemaSystem as System, SchemaSystemSuggestionPage } from '@/api/generated/systems';
import { SYSTEM_LIST_SORT, SYSTEM_PAGE_SIZE } from '@/config/constants';
import { searchPageLimit } from '@/config/environment';
import type { AppDataProvider } from '@/dataProviders';
import { ExportAllButton } from '@/ui/exporter';
import { PageHeading } from '@/ui/FormPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';
import { LIGHT_BODY_STYLES, LightRow, lightBody, useLightTable, type RowLabel } from '@/ui/lightTable';
import { failureMessage } from '@/api/failures';
import { exportColumns, names } from './exportColumns';
import { whenIdle } from '@/ui/idle';
import { KindSwitch, SystemFilters, type SystemFilterValues } from './SystemFilters';
import { systemStatusLabel, systemTypeLabel, useLookups, useT } from './shared';

/** The filters that need the filtered search (paged by its per-request limit); the same keys as the data provider's. */
const SEARCH_KEYS = [
  'systemTypes',
  'statuses',
  'municipalityIds',
  'mediaOwners',
  'areaIds',
  'leaseIds',
  'authorizationIds',
] as const;
const isFiltered = (f: SystemFilterValues) => SEARCH_KEYS.some((k) => (f[k]?.length ?? 0) > 0);

/** The filter of the list's address (react-admin's `filter` parameter), or none when it is missing or unreadable. */
function addressFilter(search: string): SystemFilterValues {
  try {
    const value: unknown = JSON.parse(new URLSearchParams(search).get('filter') ?? '{}');
    return value && typeof value === 'object' ? (value as SystemFilterValues) : {};
  } catch {
    return {};
  }
}

/** The page sizes of the unfiltered list. */
const PAGE_SIZES = [10, 25, 50];

type Suggestion = SchemaSystemSuggestionPage['content'][number];

/** The search box: suggestions while typing (GET /system/suggestion), Enter searches the list. */
function SearchBox({ value, onSearch }: { value?: string; onSearch: (term: string) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [input, setInput] = useState(value ?? '');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const { data, isFetching } = useQuery({
    queryKey: ['systems', 'systemSuggestions', term],
    queryFn: () => dataProvider.systemSuggestions('systems', { term }),
    enabled: term.length >= 2,
  });
  return (
    <Autocomplete<Suggestion, false, false, true>
      freeSolo
      sx={{ minWidth: 280, flex: 1, maxWidth: 520 }}
      size="small"
      options={term.length >= 2 ? (data?.content ?? []) : []}
      loading={isFetching}
      filterOptions={(o) => o}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        setInput(v);
        if (reason === 'clear') onSearch('');
      }}
      getOptionLabel={(o) => (typeof o === 'string' ? o : `${o.code} · ${o.name}`)}
      onChange={(_e, v) => {
        if (v && typeof v !== 'string') navigate(`/systems-manage/${v.id}`);
        else onSearch(typeof v === 'string' ? v.trim() : '');
      }}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          <Box>
            <Typography variant="body2">
              <strong>{o.code}</strong> · {o.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {o.address}, {o.municipality} — {t(`fields.${o.matchedField}`)}: {o.matchedValue}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('list.search')}
          placeholder={t('list.search_placeholder')}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !(e.target as HTMLInputElement).getAttribute('aria-activedescendant'))
              onSearch(input.trim());
          }}
        />
      )}
    />
  );
}

/** A row's selection box, by the system's code: «Seleziona MI-0001». */
const selectLabel: RowLabel = (s, translate) =>
  translate('resources.systems.list.select_row', { code: s.code });

/** A row's height before it is measured (one line of text in a small table); rows that wrap are taller. */
const ROW_ESTIMATE = 53;
const VIEWPORT = 560;

/**
 * The DataTable body for the filtered search (a page of up to 9,999 rows): only the rows in view of
 * the scrolling box (and a few around them) are in the DOM, between two spacer rows. TanStack
 * Virtual measures each rendered row, so rows whose name or address wraps keep the scroll steady.
 */
function VirtualBody({ children }: DataTableBodyProps) {
  const data = useDataTableDataContext() ?? [];
  const { rowProps } = useLightTable(children, selectLabel);
  const ref = useRef<HTMLTableSectionElement>(null);
  // The rows start below the table head, inside the same scrolling box.
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => setHeadHeight(ref.current?.offsetTop ?? 0), []);
  // The virtualizer re-renders this body on every scroll; the app is not built with React Compiler,
  // so the rule's point (such a component cannot be memoized) costs nothing here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: data.length,
    getScrollElement: () => ref.current?.closest<HTMLElement>('[data-testid=systems-virtual]') ?? null,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => data[index].id,
    paddingStart: headHeight,
    overscan: 8,
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows.length ? rows[0].start - headHeight : 0;
  const after = rows.length ? virtualizer.getTotalSize() - rows[rows.length - 1].end : 0;
  return (
    <TableBody ref={ref} className="datatable-body RaDataTable-tbody" sx={LIGHT_BODY_STYLES}>
      <tr style={{ height: before }} aria-hidden />
      {rows.map((row) => (
        <LightRow
          key={row.key}
          {...rowProps(data[row.index], row.index)}
          data-index={row.index}
          ref={virtualizer.measureElement}
        />
      ))}
      <tr style={{ height: after }} aria-hidden />
    </TableBody>
  );
}

/** The page's rows (the unfiltered list, 10 to 50 a page): plain cells styled once. */
const PageBody = lightBody(selectLabel);

/*
 * The bulk toolbar (its dialogs, their zod schemas: some 380 kB of code) is loaded once the rows are
 * there and the browser is idle, or at once when a row is selected first: the list's first rows
 * never wait for it.
 */
const SystemsBulkToolbar = lazy(() =>
  import('./SystemsBulk').then((m) => ({ default: m.SystemsBulkToolbar })),
);

function BulkToolbar({ virtual }: { virtual: boolean }) {
  const { selectedIds, isPending } = useListContext<System>();
  const [idle, setIdle] = useState(false);
  useEffect(() => (isPending ? undefined : whenIdle(() => setIdle(true))), [isPending]);
  if (!idle && selectedIds.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SystemsBulkToolbar exportColumns={exportColumns} inScrollBox={virtual} />
    </Suspense>
  );
}

function SystemsTable({ virtual }: { virtual: boolean }) {
  const t = useT();
  return (
    <DataTable<System>
      rowClick={(id) => `/systems-manage/${id}`}
      body={virtual ? VirtualBody : PageBody}
      bulkActionsToolbar={<BulkToolbar virtual={virtual} />}
      size="small"
    >
      <DataTable.Col source="code" label={t('fields.code')} />
      <DataTable.Col source="name" label={t('fields.name')} />
      <DataTable.Col source="type" label={t('fields.type')} />
      <DataTable.Col
        source="systemType"
        label={t('fields.systemType')}
        render={(s) => systemTypeLabel(s.systemType)}
      />
      <DataTable.Col source="status" label={t('fields.status')} render={(s) => systemStatusLabel(s.status)} />
      <DataTable.Col source="address" label={t('fields.address')} />
      <DataTable.Col
        source="municipality"
        label={t('fields.municipality')}
        render={(s) => s.municipality.name}
      />
      <DataTable.Col source="province" label={t('fields.province')} />
      <DataTable.Col
        source="mediaOwners"
        label={t('fields.mediaOwners')}
        disableSort
        render={(s) => names(s.mediaOwners)}
      />
      <DataTable.Col source="area" label={t('fields.area')} disableSort render={(s) => s.area?.name ?? ''} />
    </DataTable>
  );
}

/**
 * The search box, the kind switch and the filters' button. Memoized: the rows' arrival (a new list
 * context) renders the table, not this row, whose props change only with the filter.
 */
const SearchRow = memo(function SearchRow({
  filter,
  onChange,
  showFilters,
  onToggleFilters,
}: {
  filter: SystemFilterValues;
  onChange: (next: SystemFilterValues) => void;
  showFilters: boolean;
  onToggleFilters: () => void;
}) {
  const t = useT();
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <SearchBox
        value={filter.searchTerm}
        onSearch={(term) => onChange({ ...filter, searchTerm: term || undefined })}
      />
      <KindSwitch value={filter.type} onChange={(type) => onChange({ ...filter, type })} />
      <Button startIcon={<FilterListIcon />} onClick={onToggleFilters} aria-expanded={showFilters}>
        {t('list.filters')}
      </Button>
      {filter.searchTerm ? (
        <Chip
          label={t('list.searching', { term: filter.searchTerm })}
          onDelete={() => onChange({ ...filter, searchTerm: undefined })}
        />
      ) : null}
    </Stack>
  );
});

/** Search, kind switch, filter panel and the table (paged, or the whole filtered search virtualized). */
function SystemsBody() {
  const t = useT();
  const { filterValues, setFilters, total, error, isPending, isPlaceholderData, perPage, setPerPage } =
    useListContext<System>();
  const filter = filterValues as SystemFilterValues;
  const [showFilters, setShowFilters] = useState(false);
  const { lookups, error: lookupError } = useLookups(showFilters);
  const change = useCallback(
    (next: SystemFilterValues) =>
      setFilters(
        Object.fromEntries(
          Object.entries(next).filter(([, v]) => v !== undefined && !(Array.isArray(v) && !v.length)),
        ),
      ),
    [setFilters],
  );
  const toggleFilters = useCallback(() => setShowFilters((v) => !v), []);
  const filtered = isFiltered(filter);
  // The filtered search shows one request's worth of rows at once (virtualized), the rest on the next pages.
  const limit = searchPageLimit();
  const wanted = filtered ? limit : PAGE_SIZES.includes(perPage) ? perPage : SYSTEM_PAGE_SIZE;
  useEffect(() => {
    if (perPage !== wanted) setPerPage(wanted);
  }, [perPage, wanted, setPerPage]);
  let table: ReactNode;
  if (error)
    table = (
      <Alert severity="error" sx={{ my: 2 }}>
        {t('list.error', { message: failureMessage(error) })}
      </Alert>
    );
  else if (!isPending && total === 0)
    table = (
      <Alert severity="info" sx={{ my: 2 }} data-testid="systems-empty">
        {t('list.empty')}
      </Alert>
    );
  // The page size is being switched (to or from the search's limit), or the filter changed and its
  // rows are on their way: the rows (and count) of the other request are not shown, nor selectable.
  else if (perPage !== wanted || (filtered && isPlaceholderData))
    table = <LinearProgress sx={{ my: 2 }} aria-label={t('list.loading')} />;
  else if (filtered)
    table = (
      <>
        <Typography variant="body2" sx={{ my: 1 }} data-testid="systems-count">
          {t('list.found', { smart_count: total ?? 0 })}
        </Typography>
        {(total ?? 0) > limit ? (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="systems-limit">
            {t('list.limit', { limit: limit.toLocaleString('it-IT'), smart_count: total })}
          </Alert>
        ) : null}
        <Box
          data-testid="systems-virtual"
          sx={{
            maxHeight: VIEWPORT,
            overflow: 'auto',
            // The virtualizer keeps the rows in view in place as rows above are measured; the
            // browser's own scroll anchoring (not in every browser) would correct them twice.
            overflowAnchor: 'none',
            // The column heads stay in view while the rows scroll under them. This box scrolls both
            // ways, so react-admin's table wrapper (a horizontal scroller of its own) need not.
            '& .RaDataTable-root .RaDataTable-tableWrapper': { overflow: 'visible' },
            '& thead th': { position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.paper' },
          }}
        >
          <SystemsTable virtual />
        </Box>
        {(total ?? 0) > limit ? <Pagination rowsPerPageOptions={[limit]} /> : null}
      </>
    );
  else
    table = (
      <>
        <SystemsTable virtual={false} />
        <Pagination rowsPerPageOptions={PAGE_SIZES} />
      </>
    );
  return (
    <>
      <SearchRow
        filter={filter}
        onChange={change}
        showFilters={showFilters}
        onToggleFilters={toggleFilters}
      />
      {showFilters ? <SystemFilters value={filter} onChange={change} lookups={lookups} /> : null}
      {lookupError ? (
        <Alert severity="error">{t('list.lookup_error', { message: failureMessage(lookupError) })}</Alert>
      ) : null}
      {table}
    </>
  );
}

function Actions() {
  const t = useT();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <ListViewButtons />
      <Button component={RouterLink} to="/systems-manage/map" startIcon={<MapIcon />}>
        {t('list.map')}
      </Button>
      <Button component={RouterLink} to="/systems-manage/manage/import" startIcon={<UploadFileIcon />}>
        {t('list.import')}
      </Button>
      <ExportAllButton columns={exportColumns} fileName="impianti" />
      <Button
        component={RouterLink}
        to="/systems-manage/manage/new"
        variant="contained"
        startIcon={<AddIcon />}
      >
        {t('list.create')}
      </Button>
    </Stack>
  );
}

/** /systems-manage/manage (and /): the systems manager, searchable, sortable, filtered, exported whole. */
export default function SystemsList() {
  const t = useT();
  // An address with a search filter and no page size (a link, a saved view) asks for the search's
  // whole page at once: the unfiltered page size would be asked for first, then thrown away.
  const { search } = useLocation();
  const perPage = isFiltered(addressFilter(search)) ? searchPageLimit() : SYSTEM_PAGE_SIZE;
  return (
    <ListBase<System> resource="systems" sort={SYSTEM_LIST_SORT} perPage={perPage}>
      <Box component="section" sx={{ pb: 2 }}>
        <PageHeading title={t('list.title')} actions={<Actions />} />
        <SystemsBody />
      </Box>
    </ListBase>
  );
}
