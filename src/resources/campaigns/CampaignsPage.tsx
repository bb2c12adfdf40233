import {
  CreateButton,
  DataTable,
  FunctionField,
  ReferenceField,
  ReferenceInput,
  AutocompleteInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { codeLabel, formatDate, MONEY_OPTIONS } from '@/ui/format';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { campaignStatusChoices, STATUS_LABELS, type Campaign } from './shared';
import { DateText, ListPage } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={campaignStatusChoices} alwaysOn />,
  <ReferenceInput key="advertiserId" source="advertiserId" reference="advertisers">
    <AutocompleteInput />
  </ReferenceInput>,
];

/** The export: names, Italian labels and dates, the advertiser by name and the order by code. */
export const campaignsExportColumns: ExportColumn<Campaign>[] = [
  { label: 'resources.campaigns.fields.name', value: (c) => c.name },
  { label: 'resources.campaigns.fields.status', value: (c) => codeLabel(STATUS_LABELS, c.status) },
  {
    label: 'resources.campaigns.fields.advertiserId',
    reference: { resource: 'advertisers', source: (c) => c.advertiserId, text: (a) => String(a.name) },
  },
  {
    label: 'resources.campaigns.fields.orderId',
    reference: { resource: 'orders', source: (c) => c.orderId, text: (o) => String(o.code) },
  },
  { label: 'resources.campaigns.fields.periodStart', value: (c) => formatDate(c.periodStart) },
  { label: 'resources.campaigns.fields.periodEnd', value: (c) => formatDate(c.periodEnd) },
  { label: 'resources.campaigns.fields.budget', value: (c) => c.budget },
  { label: 'resources.campaigns.fields.description', value: (c) => c.description },
];

const Actions = () => (
  <TopToolbar>
    <ListViewButtons />
    <CreateButton resource="campaigns" to="/campaigns/create" />
    <ExportAllButton columns={campaignsExportColumns} fileName="campagne" />
  </TopToolbar>
);

/** /campaigns: every campaign, searchable, filtered by status and advertiser, exported whole. */
export default function CampaignsPage() {
  const translate = useTranslate();
  const title = translate('resources.campaigns.name', { smart_count: 2 });
  return (
    <>
      <ListPage
        heading={title}
        resource="campaigns"
        filters={filters}
        actions={<Actions />}
        sort={{ field: 'periodStart', order: 'DESC' }}
      >
        <DataTable rowClick={(id) => `/campaigns/${id}`} bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="status">
            <FunctionField<Campaign> source="status" render={(c) => codeLabel(STATUS_LABELS, c.status)} />
          </DataTable.Col>
          <DataTable.Col source="advertiserId">
            <ReferenceField source="advertiserId" reference="advertisers" link={false} />
          </DataTable.Col>
          <DataTable.Col source="periodStart" field={DateText} />
          <DataTable.Col source="periodEnd" field={DateText} />
          {/* NumberCol renders its own NumberField and ignores children: the format goes on the column. */}
          <DataTable.NumberCol source="budget" options={MONEY_OPTIONS} locales="it-IT" />
        </DataTable>
      </ListPage>
    </>
  );
}
