import { useId, useState } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  AutocompleteInput,
  CheckboxGroupInput,
  CreateBase,
  DataTable,
  DateInput,
  FunctionField,
  ReferenceField,
  ReferenceInput,
  SaveButton,
  SearchInput,
  SelectInput,
  TextInput,
  Toolbar,
  TopToolbar,
  useGetList,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { SchemaCampaign as Campaign } from '@/api/generated/campaign';
import { AppSimpleForm } from '@/forms/unsavedChanges';
import { PageHeading } from '@/ui/FormPage';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { codeLabel, formatDate, MONEY_OPTIONS } from '@/ui/format';
import { schemaResolver } from '@/ui/validation';
import {
  planningSchema,
  planningStatusChoices,
  STATUS_LABELS,
  systemTypeChoices,
  type Planning,
} from './shared';
import { DateText, ListPage } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const resolver = schemaResolver(planningSchema);
const EMPTY_CRITERIA = { circuitIds: [], systemTypes: [], municipalityIds: [] };

/** The campaign picker: choosing one proposes its name and period (still editable). */
function CampaignPicker() {
  const { getValues, setValue } = useFormContext();
  const fill = (_id: unknown, campaign: RaRecord | '') => {
    if (!campaign) return;
    const c = campaign as Campaign;
    if (!getValues('name')) setValue('name', `Pianificazione ${c.name}`, { shouldDirty: true });
    setValue('periodStart', c.periodStart, { shouldDirty: true });
    setValue('periodEnd', c.periodEnd, { shouldDirty: true });
  };
  return (
    <ReferenceInput source="campaignId" reference="campaigns" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput onChange={fill} />
    </ReferenceInput>
  );
}

/** Circuits of both kinds as checkboxes (the circuits service lists them by type). */
function CircuitChoices() {
  const translate = useTranslate();
  const query = { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' as const } };
  const ooh = useGetList('circuits', { ...query, filter: { type: 'OOH' } });
  const dooh = useGetList('circuits', { ...query, filter: { type: 'DOOH' } });
  const circuits = [...(ooh.data ?? []), ...(dooh.data ?? [])];
  if (!circuits.length)
    return <Typography variant="body2">{translate('resources.plannings.criteria.noCircuits')}</Typography>;
  return (
    <CheckboxGroupInput
      source="criteria.circuitIds"
      label="resources.plannings.criteria.circuits"
      choices={circuits.map((c) => ({ id: c.id, name: `${String(c.name)} (${String(c.type)})` }))}
    />
  );
}

/**
 * The configurator: campaign, name, period, and the circuits or system types to search by. Its form
 * opens on «Configura una pianificazione», so that the list's first page does not wait for the
 * campaigns and the two kinds of circuits (three requests) that only a new planning needs.
 */
function Configurator() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <Card component="section" aria-label={translate('resources.plannings.configurator')} sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {translate('resources.plannings.configurator')}
          </Typography>
          {open ? null : (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              aria-expanded={false}
              aria-controls={formId}
              onClick={() => setOpen(true)}
            >
              {translate('resources.plannings.configure')}
            </Button>
          )}
        </Stack>
        {open ? <ConfiguratorForm id={formId} /> : null}
      </CardContent>
    </Card>
  );
}

function ConfiguratorForm({ id }: { id: string }) {
  return (
    <div id={id}>
      <CreateBase
        resource="plannings"
        record={{ criteria: EMPTY_CRITERIA }}
        redirect={(_r, id) => `plannings/${id}/search`}
      >
        <AppSimpleForm
          resolver={resolver}
          sx={{ p: 0 }}
          toolbar={
            <Toolbar>
              <SaveButton label="resources.plannings.create" />
            </Toolbar>
          }
        >
          <CampaignPicker />
          <TextInput source="name" />
          <DateInput source="periodStart" />
          <DateInput source="periodEnd" />
          <CircuitChoices />
          <CheckboxGroupInput
            source="criteria.systemTypes"
            label="resources.plannings.criteria.systemTypes"
            choices={systemTypeChoices}
          />
        </AppSimpleForm>
      </CreateBase>
    </div>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={planningStatusChoices} alwaysOn />,
  <ReferenceInput key="campaignId" source="campaignId" reference="campaigns">
    <AutocompleteInput />
  </ReferenceInput>,
];

export const planningsExportColumns: ExportColumn<Planning>[] = [
  { label: 'resources.plannings.fields.name', value: (p) => p.name },
  {
    label: 'resources.plannings.fields.campaignId',
    reference: { resource: 'campaigns', source: (p) => p.campaignId, text: (c) => String(c.name) },
  },
  { label: 'resources.plannings.fields.periodStart', value: (p) => formatDate(p.periodStart) },
  { label: 'resources.plannings.fields.periodEnd', value: (p) => formatDate(p.periodEnd) },
  { label: 'resources.plannings.fields.status', value: (p) => codeLabel(STATUS_LABELS, p.status) },
  { label: 'resources.plannings.fields.systems', value: (p) => p.totals.systems },
  { label: 'resources.plannings.fields.amount', value: (p) => p.totals.amount },
];

const Actions = () => (
  <TopToolbar>
    <ListViewButtons />
    <ExportAllButton columns={planningsExportColumns} fileName="pianificazioni" />
  </TopToolbar>
);

/** /plannings: the configurator and every planning, searchable, sortable, exported whole. */
export default function PlanningsPage() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title={translate('resources.plannings.name', { smart_count: 2 })} />
      <Configurator />
      <ListPage
        resource="plannings"
        filters={filters}
        actions={<Actions />}
        sort={{ field: 'periodStart', order: 'DESC' }}
      >
        <DataTable rowClick={(id) => `/plannings/${id}`} bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="campaignId">
            <ReferenceField source="campaignId" reference="campaigns" link={false} />
          </DataTable.Col>
          <DataTable.Col source="periodStart" field={DateText} />
          <DataTable.Col source="periodEnd" field={DateText} />
          <DataTable.Col source="status">
            <FunctionField<Planning> source="status" render={(p) => codeLabel(STATUS_LABELS, p.status)} />
          </DataTable.Col>
          <DataTable.NumberCol
            source="totals.systems"
            label="resources.plannings.fields.systems"
            disableSort
          />
          <DataTable.NumberCol
            source="totals.amount"
            label="resources.plannings.fields.amount"
            options={MONEY_OPTIONS}
            locales="it-IT"
            disableSort
          />
        </DataTable>
      </ListPage>
    </>
  );
}
