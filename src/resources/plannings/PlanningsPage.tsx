import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, FormControlLabel, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, TextField as RaTextField, useCreate, useGetList, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { callOrThrow } from '@/api/http';
import { circuitsApi } from '@/api/circuits';
import type { SchemaCircuit } from '@/api/generated/circuits';
import type { SchemaPlanningCriteria, SchemaSystemType } from '@/api/generated/planner';
import type { Campaign } from '@/dataProviders/campaigns';
import type { Planning } from '@/dataProviders/plannings';
import { useUnsavedChangesGuard } from '@/forms/unsavedChanges';
import { errorMessage, euro, period } from '../orders/common';

export const SYSTEM_TYPES: SchemaSystemType[] = [
  'alux', 'customdooh', 'posterdooh', 'totem', 'customooh', 'autobus', 'butterfly', 'cassonetto', 'fioriera', 'palina',
  'paloluce', 'parapedonale', 'pensilina', 'plancia', 'poster', 'rotor', 'stendardo', 'telo', 'tiny-markers',
];

/** The configurator: campaign, name, period, and circuits or system types to search by. */
function Configurator() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const campaigns = useGetList<Campaign>('campaigns', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
  const [circuits, setCircuits] = useState<SchemaCircuit[]>([]);
  const [create, { isPending }] = useCreate<Planning>();
  const [form, setForm] = useState({ campaignId: '', name: '', periodStart: '', periodEnd: '' });
  const [criteria, setCriteria] = useState<SchemaPlanningCriteria>({ circuitIds: [], systemTypes: [], municipalityIds: [] });
  const { guard, release } = useUnsavedChangesGuard(Boolean(form.campaignId || form.name.trim() || form.periodStart || form.periodEnd));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    Promise.all((['OOH', 'DOOH'] as const).map((type) => callOrThrow(circuitsApi().GET('/circuit/byType', { params: { query: { type } } })).catch(() => [] as SchemaCircuit[])))
      .then((lists) => setCircuits(lists.flat()))
      .catch(() => setCircuits([]));
  }, []);
  const chooseCampaign = (id: string) => {
    const c = campaigns.data?.find((x) => String(x.id) === id);
    setForm({ ...form, campaignId: id, name: form.name || (c ? `Pianificazione ${c.name}` : ''), periodStart: c?.periodStart ?? form.periodStart, periodEnd: c?.periodEnd ?? form.periodEnd });
  };
  const toggle = <K extends 'circuitIds' | 'systemTypes'>(key: K, value: SchemaPlanningCriteria[K][number]) => {
    const list = criteria[key] as Array<typeof value>;
    setCriteria({ ...criteria, [key]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value] });
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (form.periodEnd < form.periodStart) {
      setErrors({ periodEnd: translate('resources.plannings.errors.period') });
      return;
    }
    setErrors({});
    void create(
      'plannings',
      { data: { name: form.name, campaignId: Number(form.campaignId), periodStart: form.periodStart, periodEnd: form.periodEnd, criteria } },
      {
        onSuccess: (p) => {
          notify('resources.plannings.created', { type: 'success', messageArgs: { name: p.name } });
          release();
          navigate(`/plannings/${p.id}/search`);
        },
        onError: (err) => notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(err, translate('resources.orders.errors.save')) } }),
      },
    );
  };
  return (
    <Paper sx={{ p: 2, my: 2 }} component="section" aria-label={translate('resources.plannings.configurator')}>
      <Typography variant="h6" component="h2">
        {translate('resources.plannings.configurator')}
      </Typography>
      {campaigns.error ? <Alert severity="error">{errorMessage(campaigns.error, '')}</Alert> : null}
      <Stack component="form" spacing={2} sx={{ mt: 1, maxWidth: 720 }} onSubmit={submit}>
        {guard}
        <TextField select required label={translate('resources.plannings.fields.campaignId')} value={form.campaignId} onChange={(e) => chooseCampaign(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'planning-campaign' } }}>
          {(campaigns.data ?? []).map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField required label={translate('resources.plannings.fields.name')} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <Stack direction="row" spacing={2}>
          <TextField required type="date" label={translate('resources.plannings.fields.periodStart')} value={form.periodStart} onChange={(e) => setForm({ ...form, periodStart: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField
            required
            type="date"
            label={translate('resources.plannings.fields.periodEnd')}
            value={form.periodEnd}
            error={Boolean(errors.periodEnd)}
            helperText={errors.periodEnd}
            onChange={(e) => setForm({ ...form, periodEnd: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Typography variant="subtitle2">{translate('resources.plannings.criteria.circuits')}</Typography>
        {circuits.length ? (
          <Stack direction="row" flexWrap="wrap">
            {circuits.map((c) => (
              <FormControlLabel key={c.id} control={<Checkbox checked={criteria.circuitIds.includes(c.id)} onChange={() => toggle('circuitIds', c.id)} />} label={c.name} />
            ))}
          </Stack>
        ) : (
          <Typography variant="body2">{translate('resources.plannings.criteria.noCircuits')}</Typography>
        )}
        <Typography variant="subtitle2">{translate('resources.plannings.criteria.systemTypes')}</Typography>
        <Stack direction="row" flexWrap="wrap">
          {SYSTEM_TYPES.map((t) => (
            <FormControlLabel key={t} control={<Checkbox checked={criteria.systemTypes.includes(t)} onChange={() => toggle('systemTypes', t)} />} label={t} />
          ))}
        </Stack>
        <Button type="submit" variant="contained" disabled={isPending || !form.campaignId || !form.name.trim() || !form.periodStart || !form.periodEnd}>
          {translate('resources.plannings.create')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** /plannings: the configurator and every planning. */
export default function PlanningsPage() {
  const translate = useTranslate();
  return (
    <>
      <Configurator />
      <List resource="plannings" filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'periodStart', order: 'DESC' }} title={translate('resources.plannings.name', { smart_count: 2 })} empty={false}>
        <Datagrid rowClick={(id) => `/plannings/${id}`} bulkActionButtons={false}>
          <RaTextField source="name" />
          <RaTextField source="campaignId" />
          <FunctionField source="periodStart" label="resources.plannings.fields.period" render={(p: Planning) => period(p.periodStart, p.periodEnd)} />
          <FunctionField source="status" render={(p: Planning) => translate(`resources.plannings.status.${p.status}`)} />
          <FunctionField label="resources.plannings.fields.totals" render={(p: Planning) => translate('resources.plannings.totals', { systems: p.totals.systems, amount: euro(p.totals.amount) })} />
        </Datagrid>
      </List>
    </>
  );
}
