import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import FilterListIcon from '@mui/icons-material/FilterList';
import MapIcon from '@mui/icons-material/Map';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Confirm, Title, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { saveBlob } from '@/api/http';
import type { System, SystemSuggestionPage } from '@/api/systems';
import { SYSTEM_PAGE_SIZE } from '@/config/constants';
import { isFilteredSearch, systemsDataProvider as dp } from '@/dataProviders/systems';
import {
  ALL_SYSTEM_TYPES,
  errorText,
  STATUSES,
  useDebounced,
  useLookups,
  useT,
  type Lookups,
  type Named,
  useSay,
} from './shared';

export interface SystemFilterValues {
  type?: 'OOH' | 'DOOH';
  searchTerm?: string;
  systemTypes?: string[];
  statuses?: string[];
  municipalityIds?: string[];
  mediaOwners?: number[];
  areaIds?: number[];
  leaseIds?: number[];
  authorizationIds?: number[];
}

const COLUMNS = [
  { field: 'code', sortable: true },
  { field: 'name', sortable: true },
  { field: 'type', sortable: true },
  { field: 'systemType', sortable: true },
  { field: 'status', sortable: true },
  { field: 'address', sortable: true },
  { field: 'municipality', sortable: true },
  { field: 'province', sortable: true },
  { field: 'mediaOwners', sortable: false },
  { field: 'area', sortable: false },
] as const;

function cell(s: System, field: (typeof COLUMNS)[number]['field'], t: ReturnType<typeof useT>): ReactNode {
  switch (field) {
    case 'municipality':
      return s.municipality.name;
    case 'mediaOwners':
      return s.mediaOwners.map((m) => m.name).join(', ');
    case 'area':
      return s.area?.name ?? '';
    case 'status':
      return t(`statuses.${s.status}`);
    case 'systemType':
      return t(`systemTypes.${s.systemType}`);
    default:
      return String(s[field] ?? '');
  }
}

/** The CSV of the rows shown (semicolon separated, as Italian spreadsheets read it). */
export function systemsCsv(rows: System[], header: string[]): string {
  const esc = (v: unknown) => `"${String(v ?? '').replace(/"/g, '""')}"`;
  const lines = rows.map((s) =>
    [
      s.code,
      s.name,
      s.type,
      s.systemType,
      s.status,
      s.address,
      s.municipality.name,
      s.province,
      s.region,
      s.zipCode,
      s.latitude,
      s.longitude,
      s.mediaOwners.map((m) => m.name).join(', '),
      s.area?.name,
      s.lease?.name,
    ]
      .map(esc)
      .join(';'),
  );
  return [header.map(esc).join(';'), ...lines].join('\r\n');
}

/** A multi-select filter over named options. */
function MultiFilter<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { id: T; name: string }[];
  value: T[] | undefined;
  onChange: (v: T[]) => void;
}) {
  const selected = options.filter((o) => value?.includes(o.id));
  return (
    <Autocomplete
      multiple
      size="small"
      sx={{ minWidth: 220 }}
      options={options}
      value={selected}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, v) => onChange(v.map((o) => o.id))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/** The filters of the list and the map (the lookups load when the panel first opens). */
export function SystemFilters({
  value,
  onChange,
  lookups,
}: {
  value: SystemFilterValues;
  onChange: (v: SystemFilterValues) => void;
  lookups?: Lookups;
}) {
  const t = useT();
  const set = (patch: Partial<SystemFilterValues>) => onChange({ ...value, ...patch });
  const named = (items: Named[]) => items.map((i) => ({ id: i.id, name: i.name }));
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1.5}
      sx={{ flexWrap: 'wrap', my: 1 }}
      data-testid="systems-filters"
    >
      <MultiFilter
        label={t('fields.systemType')}
        options={ALL_SYSTEM_TYPES.map((c) => ({ id: c as string, name: t(`systemTypes.${c}`) }))}
        value={value.systemTypes}
        onChange={(v) => set({ systemTypes: v })}
      />
      <MultiFilter
        label={t('fields.status')}
        options={STATUSES.map((c) => ({ id: c as string, name: t(`statuses.${c}`) }))}
        value={value.statuses}
        onChange={(v) => set({ statuses: v })}
      />
      {lookups ? (
        <>
          <MultiFilter
            label={t('fields.municipality')}
            options={lookups.municipalities.map((m) => ({
              id: m.istatCode,
              name: `${m.name} (${m.province})`,
            }))}
            value={value.municipalityIds}
            onChange={(v) => set({ municipalityIds: v })}
          />
          <MultiFilter
            label={t('fields.mediaOwners')}
            options={named(lookups.mediaOwners)}
            value={value.mediaOwners}
            onChange={(v) => set({ mediaOwners: v })}
          />
          <MultiFilter
            label={t('fields.area')}
            options={named(lookups.areas)}
            value={value.areaIds}
            onChange={(v) => set({ areaIds: v })}
          />
          <MultiFilter
            label={t('fields.lease')}
            options={named(lookups.leases)}
            value={value.leaseIds}
            onChange={(v) => set({ leaseIds: v })}
          />
          <MultiFilter
            label={t('fields.authorizations')}
            options={named(lookups.authorizations)}
            value={value.authorizationIds}
            onChange={(v) => set({ authorizationIds: v })}
          />
        </>
      ) : (
        <CircularProgress size={20} aria-label={t('list.loading_filters')} />
      )}
      <Button onClick={() => onChange({ type: value.type, searchTerm: value.searchTerm })}>
        {t('list.clear_filters')}
      </Button>
    </Stack>
  );
}

/** The OOH / DOOH / all switch. */
export function KindSwitch({
  value,
  onChange,
}: {
  value?: 'OOH' | 'DOOH';
  onChange: (v?: 'OOH' | 'DOOH') => void;
}) {
  const t = useT();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value ?? 'ALL'}
      onChange={(_e, v: string | null) => v && onChange(v === 'ALL' ? undefined : (v as 'OOH' | 'DOOH'))}
      aria-label={t('fields.type')}
    >
      <ToggleButton value="ALL">{t('list.all')}</ToggleButton>
      <ToggleButton value="OOH">OOH</ToggleButton>
      <ToggleButton value="DOOH">DOOH</ToggleButton>
    </ToggleButtonGroup>
  );
}

type Suggestion = SystemSuggestionPage['content'][number];

/** The search box: suggestions while typing (GET /system/suggestion), Enter searches the list. */
function SearchBox({ value, onSearch }: { value?: string; onSearch: (term: string) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [input, setInput] = useState(value ?? '');
  const [answer, setAnswer] = useState<{ term: string; options: Suggestion[] }>({ term: '', options: [] });
  const term = useDebounced(input.trim(), 250);
  useEffect(() => {
    if (term.length < 2) return;
    let live = true;
    dp.suggest(term)
      .then((page) => live && setAnswer({ term, options: page.content }))
      .catch(() => live && setAnswer({ term, options: [] }));
    return () => {
      live = false;
    };
  }, [term]);
  return (
    <Autocomplete<Suggestion, false, false, true>
      freeSolo
      sx={{ minWidth: 320, flex: 1, maxWidth: 520 }}
      size="small"
      options={term.length >= 2 && answer.term === term ? answer.options : []}
      loading={term.length >= 2 && answer.term !== term}
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

const ROW_HEIGHT = 44;
const VIEWPORT = 560;

/** A virtualized table for the filtered search (up to 9,999 rows): only the visible rows are in the DOM. */
function VirtualRows({
  rows,
  selected,
  toggle,
  t,
  header,
}: {
  rows: System[];
  selected: Set<number>;
  toggle: (id: number) => void;
  t: ReturnType<typeof useT>;
  header: ReactNode;
}) {
  const [top, setTop] = useState(0);
  const ref = useRef<HTMLDivElement>(null);
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - 8);
  const last = Math.min(rows.length, Math.ceil((top + VIEWPORT) / ROW_HEIGHT) + 8);
  return (
    <TableContainer
      ref={ref}
      component={Paper}
      sx={{ maxHeight: VIEWPORT, overflow: 'auto' }}
      onScroll={(e) => setTop(e.currentTarget.scrollTop)}
      data-testid="systems-virtual"
    >
      <Table size="small" stickyHeader>
        {header}
        <TableBody>
          <tr style={{ height: first * ROW_HEIGHT }} aria-hidden />
          {rows.slice(first, last).map((s) => (
            <SystemRow key={s.id} s={s} selected={selected.has(s.id)} toggle={toggle} t={t} />
          ))}
          <tr style={{ height: (rows.length - last) * ROW_HEIGHT }} aria-hidden />
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function SystemRow({
  s,
  selected,
  toggle,
  t,
}: {
  s: System;
  selected: boolean;
  toggle: (id: number) => void;
  t: ReturnType<typeof useT>;
}) {
  const navigate = useNavigate();
  return (
    <TableRow
      hover
      selected={selected}
      sx={{ height: ROW_HEIGHT, cursor: 'pointer' }}
      data-system-row={s.id}
      onClick={() => navigate(`/systems-manage/${s.id}`)}
    >
      <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
        <Checkbox
          checked={selected}
          onChange={() => toggle(s.id)}
          slotProps={{ input: { 'aria-label': t('list.select_row', { code: s.code }) } }}
        />
      </TableCell>
      {COLUMNS.map((c) => (
        <TableCell
          key={c.field}
          sx={{ whiteSpace: 'nowrap', maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {c.field === 'code' ? (
            <RouterLink to={`/systems-manage/${s.id}`} onClick={(e) => e.stopPropagation()}>
              {s.code}
            </RouterLink>
          ) : (
            cell(s, c.field, t)
          )}
        </TableCell>
      ))}
    </TableRow>
  );
}

/** /systems-manage/manage (and /): the systems manager. */
export default function SystemsList() {
  const t = useT();
  const translate = useTranslate();
  const notify = useSay();
  const [filter, setFilter] = useState<SystemFilterValues>({});
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(SYSTEM_PAGE_SIZE);
  const [sort, setSort] = useState<{ field: string; order: 'ASC' | 'DESC' }>({ field: 'code', order: 'ASC' });
  const [showFilters, setShowFilters] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { lookups, error: lookupError } = useLookups(showFilters);
  const filtered = isFilteredSearch(filter as Record<string, unknown>);
  const { data, total, isPending, error, refetch } = useGetList<System>('systems', {
    pagination: filtered ? { page: 1, perPage: 9999 } : { page, perPage },
    sort,
    filter,
  });
  const rows = useMemo(() => data ?? [], [data]);

  const change = (next: SystemFilterValues) => {
    setFilter(next);
    setPage(1);
    setSelected(new Set());
  };
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)));

  const bulkDelete = async () => {
    setDeleting(true);
    try {
      const { data: done } = await dp.deleteMany('systems', { ids: [...selected] });
      notify(t('list.deleted', { smart_count: done.length }), 'success');
      setSelected(new Set());
      void refetch();
    } catch (e) {
      notify(errorText(e), 'error');
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };
  const exportCsv = () => {
    const header = [
      'code',
      'name',
      'type',
      'systemType',
      'status',
      'address',
      'municipality',
      'province',
      'region',
      'zipCode',
      'latitude',
      'longitude',
      'mediaOwners',
      'area',
      'lease',
    ].map((f) => t(`fields.${f}`));
    saveBlob(
      new Blob([`\ufeff${systemsCsv(rows, header)}`], { type: 'text/csv;charset=utf-8' }),
      'impianti.csv',
    );
  };

  const header = (
    <TableHead>
      <TableRow>
        <TableCell padding="checkbox">
          <Checkbox
            checked={allSelected}
            indeterminate={selected.size > 0 && !allSelected}
            onChange={toggleAll}
            slotProps={{ input: { 'aria-label': t('list.select_all') } }}
          />
        </TableCell>
        {COLUMNS.map((c) => (
          <TableCell
            key={c.field}
            sortDirection={sort.field === c.field ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}
          >
            {c.sortable ? (
              <TableSortLabel
                active={sort.field === c.field}
                direction={sort.field === c.field && sort.order === 'DESC' ? 'desc' : 'asc'}
                onClick={() =>
                  setSort({
                    field: c.field,
                    order: sort.field === c.field && sort.order === 'ASC' ? 'DESC' : 'ASC',
                  })
                }
              >
                {t(`fields.${c.field}`)}
              </TableSortLabel>
            ) : (
              t(`fields.${c.field}`)
            )}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );

  return (
    <Box component="section" sx={{ py: 2 }}>
      <Title title={t('list.title')} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ mr: 2 }}>
          {t('list.title')}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button component={RouterLink} to="/systems-manage/map" startIcon={<MapIcon />}>
          {t('list.map')}
        </Button>
        <Button component={RouterLink} to="/systems-manage/manage/import" startIcon={<UploadFileIcon />}>
          {t('list.import')}
        </Button>
        <Button onClick={exportCsv} startIcon={<DownloadIcon />} disabled={!rows.length}>
          {t('list.export')}
        </Button>
        <Button
          component={RouterLink}
          to="/systems-manage/manage/new"
          variant="contained"
          startIcon={<AddIcon />}
        >
          {t('list.create')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <SearchBox
          value={filter.searchTerm}
          onSearch={(term) => change({ ...filter, searchTerm: term || undefined })}
        />
        <KindSwitch value={filter.type} onChange={(type) => change({ ...filter, type })} />
        <Button
          startIcon={<FilterListIcon />}
          onClick={() => setShowFilters((v) => !v)}
          aria-expanded={showFilters}
        >
          {t('list.filters')}
        </Button>
        {filter.searchTerm ? (
          <Chip
            label={t('list.searching', { term: filter.searchTerm })}
            onDelete={() => change({ ...filter, searchTerm: undefined })}
          />
        ) : null}
      </Stack>
      {showFilters ? <SystemFilters value={filter} onChange={change} lookups={lookups} /> : null}
      {lookupError ? (
        <Alert severity="error">{t('list.lookup_error', { message: errorText(lookupError) })}</Alert>
      ) : null}
      {selected.size ? (
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', my: 1, p: 1, bgcolor: 'action.selected', borderRadius: 1 }}
        >
          <Typography>{t('list.selected', { smart_count: selected.size })}</Typography>
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
            {t('list.delete_selected')}
          </Button>
        </Stack>
      ) : null}
      {error ? (
        <Alert
          severity="error"
          sx={{ my: 2 }}
          action={<Button onClick={() => void refetch()}>{t('list.retry')}</Button>}
        >
          {t('list.error', { message: errorText(error) })}
        </Alert>
      ) : isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('list.loading')} />
        </Box>
      ) : !rows.length ? (
        <Alert severity="info" sx={{ my: 2 }} data-testid="systems-empty">
          {t('list.empty')}
        </Alert>
      ) : filtered ? (
        <>
          <Typography variant="body2" sx={{ my: 1 }} data-testid="systems-count">
            {t('list.found', { smart_count: total ?? rows.length })}
          </Typography>
          <VirtualRows rows={rows} selected={selected} toggle={toggle} t={t} header={header} />
        </>
      ) : (
        <Paper>
          <TableContainer>
            <Table size="small">
              {header}
              <TableBody>
                {rows.map((s) => (
                  <SystemRow key={s.id} s={s} selected={selected.has(s.id)} toggle={toggle} t={t} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={total ?? 0}
            page={page - 1}
            onPageChange={(_e, p) => setPage(p + 1)}
            rowsPerPage={perPage}
            rowsPerPageOptions={[10, 25, 50]}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(1);
            }}
            labelRowsPerPage={t('list.per_page')}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
          />
        </Paper>
      )}
      <Confirm
        isOpen={confirming}
        loading={deleting}
        title={t('list.confirm_delete_title', { smart_count: selected.size })}
        content={t('list.confirm_delete', { smart_count: selected.size })}
        onConfirm={() => void bulkDelete()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
