import { Autocomplete, Button, CircularProgress, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { SYSTEM_STATUSES, SYSTEM_TYPES } from '@/api/systemCodes';
import type { SystemLookups } from '@/dataProviders';
import { systemStatusLabel, systemTypeLabel, useT } from './shared';

/** The filters of the systems list and map (the keys the data provider's filtered search reads). */
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

/** The filter panel of the list and the map (the lookups load when the panel first opens). */
export function SystemFilters({
  value,
  onChange,
  lookups,
}: {
  value: SystemFilterValues;
  onChange: (v: SystemFilterValues) => void;
  lookups?: SystemLookups;
}) {
  const t = useT();
  const set = (patch: Partial<SystemFilterValues>) => onChange({ ...value, ...patch });
  return (
    <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', my: 1 }} data-testid="systems-filters">
      <MultiFilter
        label={t('fields.systemType')}
        options={SYSTEM_TYPES.map((c) => ({ id: c as string, name: systemTypeLabel(c) }))}
        value={value.systemTypes}
        onChange={(v) => set({ systemTypes: v })}
      />
      <MultiFilter
        label={t('fields.status')}
        options={SYSTEM_STATUSES.map((c) => ({ id: c as string, name: systemStatusLabel(c) }))}
        value={value.statuses}
        onChange={(v) => set({ statuses: v })}
      />
      {lookups ? (
        <>
          <MultiFilter
            label={t('fields.municipality')}
            options={lookups.municipalities.map((m) => ({ id: m.istatCode, name: `${m.name} (${m.province})` }))}
            value={value.municipalityIds}
            onChange={(v) => set({ municipalityIds: v })}
          />
          <MultiFilter
            label={t('fields.mediaOwners')}
            options={lookups.mediaOwners}
            value={value.mediaOwners}
            onChange={(v) => set({ mediaOwners: v })}
          />
          <MultiFilter label={t('fields.area')} options={lookups.areas} value={value.areaIds} onChange={(v) => set({ areaIds: v })} />
          <MultiFilter label={t('fields.lease')} options={lookups.leases} value={value.leaseIds} onChange={(v) => set({ leaseIds: v })} />
          <MultiFilter
            label={t('fields.authorizations')}
            options={lookups.authorizations}
            value={value.authorizationIds}
            onChange={(v) => set({ authorizationIds: v })}
          />
        </>
      ) : (
        <CircularProgress size={20} aria-label={t('list.loading_filters')} />
      )}
      <Button onClick={() => onChange({ type: value.type, searchTerm: value.searchTerm })}>{t('list.clear_filters')}</Button>
    </Stack>
  );
}

/** The OOH / DOOH / all switch. */
export function KindSwitch({ value, onChange }: { value?: 'OOH' | 'DOOH'; onChange: (v?: 'OOH' | 'DOOH') => void }) {
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
