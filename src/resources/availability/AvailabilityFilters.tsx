import { useState, type FormEvent } from 'react';
import { Autocomplete, Box, Chip, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useTranslate } from 'react-admin';
import type { AvailabilityFilter } from '@/dataProviders';
import { useCircuitChoices } from '@/ui/useCircuitChoices';
import { systemTypeChoices } from '@/ui/systemLabels';
import { filterErrors, STEPS } from './filters';

interface Draft {
  periodStart: string;
  periodEnd: string;
  step: 'week' | 'cycle14';
  q: string;
  municipality: string;
  format: string;
  systemType: string;
  circuitId: number | null;
}

const draftOf = (f: AvailabilityFilter): Draft => ({
  periodStart: f.periodStart,
  periodEnd: f.periodEnd,
  step: f.step ?? 'week',
  q: f.q ?? '',
  municipality: f.municipality ?? '',
  format: f.format ?? '',
  systemType: f.systemType ?? '',
  circuitId: f.circuitId ?? null,
});

/**
 * The circuits of both kinds, picked by name (only for the roles that may read circuits). They are
 * read when the picker opens or takes the focus, or at once when the address names a circuit (its
 * name is shown): the screen's first page is its faces alone.
 */
function CircuitPicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const translate = useTranslate();
  const [wanted, setWanted] = useState(value !== null);
  const { circuits: options, isPending, allowed: canAccess } = useCircuitChoices(wanted || value !== null);
  const selected = options.find((c) => c.id === value) ?? null;
  return (
    <Autocomplete
      size="small"
      sx={{ width: 160 }}
      options={options}
      value={selected}
      disabled={canAccess === false}
      loading={isPending}
      onOpen={() => setWanted(true)}
      onFocus={() => setWanted(true)}
      getOptionLabel={(c) => `${c.name} (${c.type})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, c) => onChange(c?.id ?? null)}
      renderInput={(props) => (
        <TextField
          {...props}
          label={translate('resources.availability.fields.circuitId')}
          placeholder={value && !selected && canAccess === false ? `#${value}` : undefined}
          title={canAccess === false ? translate('resources.availability.circuits_unavailable') : undefined}
        />
      )}
    />
  );
}

/**
 * The filters of the availability screen: period (checked on the field), columns, city, format,
 * circuit, system type and text. A select applies at once; text applies with Enter or «Applica».
 * The draft starts from the applied filter: the page keys this form by it, so a new URL starts afresh.
 */
export function AvailabilityFilters({
  filter,
  onApply,
}: {
  filter: AvailabilityFilter;
  onApply: (filter: AvailabilityFilter) => void;
}) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filter));
  const errors = filterErrors(draft);
  const valid = Object.keys(errors).length === 0;

  const apply = (next: Draft) => {
    if (Object.keys(filterErrors(next)).length) return;
    onApply({
      periodStart: next.periodStart,
      periodEnd: next.periodEnd,
      step: next.step,
      ...(next.q.trim() ? { q: next.q.trim() } : {}),
      ...(next.municipality.trim() ? { municipality: next.municipality.trim() } : {}),
      ...(next.format.trim() ? { format: next.format.trim() } : {}),
      ...(next.systemType ? { systemType: next.systemType as AvailabilityFilter['systemType'] } : {}),
      ...(next.circuitId ? { circuitId: next.circuitId } : {}),
      ...(filter.frameIds?.length ? { frameIds: filter.frameIds } : {}),
    });
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K], now = false) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (now) apply(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const label = (field: string) => translate(`resources.availability.fields.${field}`);
  const error = (field: keyof Draft) => (errors[field] ? translate(errors[field]) : undefined);

  return (
    <Box
      component="form"
      role="search"
      aria-label={translate('resources.availability.apply')}
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mb: 1 }}
    >
      <TextField
        size="small"
        type="date"
        label={label('periodStart')}
        value={draft.periodStart}
        onChange={(e) => set('periodStart', e.target.value)}
        error={Boolean(errors.periodStart)}
        helperText={error('periodStart')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 152 }}
      />
      <TextField
        size="small"
        type="date"
        label={label('periodEnd')}
        value={draft.periodEnd}
        onChange={(e) => set('periodEnd', e.target.value)}
        error={Boolean(errors.periodEnd)}
        helperText={error('periodEnd')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 152 }}
      />
      <TextField
        size="small"
        select
        label={label('step')}
        value={draft.step}
        onChange={(e) => set('step', e.target.value as Draft['step'], true)}
        sx={{ width: 135 }}
      >
        {STEPS.map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`resources.availability.steps.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={label('municipality')}
        value={draft.municipality}
        onChange={(e) => set('municipality', e.target.value)}
        sx={{ width: 120 }}
      />
      <TextField
        size="small"
        label={label('format')}
        value={draft.format}
        onChange={(e) => set('format', e.target.value)}
        error={Boolean(errors.format)}
        helperText={error('format')}
        placeholder="600x300"
        sx={{ width: 110 }}
      />
      <CircuitPicker value={draft.circuitId} onChange={(id) => set('circuitId', id, true)} />
      <TextField
        size="small"
        select
        label={label('systemType')}
        value={draft.systemType}
        onChange={(e) => set('systemType', e.target.value, true)}
        sx={{ width: 140 }}
      >
        <MenuItem value="">{translate('resources.availability.all_types')}</MenuItem>
        {systemTypeChoices().map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="search"
        label={label('q')}
        value={draft.q}
        onChange={(e) => set('q', e.target.value)}
        sx={{ width: 120 }}
      />
      <Tooltip title={translate('resources.availability.apply')}>
        <span>
          <IconButton type="submit" color="primary" disabled={!valid} aria-label={translate('resources.availability.apply')}>
            <FilterListIcon />
          </IconButton>
        </span>
      </Tooltip>
      {filter.frameIds?.length ? (
        <Chip
          sx={{ alignSelf: 'center' }}
          label={translate('resources.availability.only_faces', { ids: filter.frameIds.join(', ') })}
          onDelete={() => onApply({ ...filter, frameIds: undefined })}
          title={translate('resources.availability.all_faces')}
        />
      ) : null}
    </Box>
  );
}
