import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataTable,
  FunctionField,
  ReferenceField,
  SearchInput,
  SelectInput,
  TopToolbar,
  useDataProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { AppDataProvider } from '@/dataProviders';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { codeLabel, formatDate, MONEY_OPTIONS } from '@/ui/format';
import { EstimateCreate, EstimateEdit } from './EstimateEditor';
import { estimateEditorPath, newEstimatePath } from '@/ui/estimatePaths';
import { estimateStatusChoices, STATUS_LABELS, type Estimate } from './shared';
import { DateText, ListPage } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={estimateStatusChoices}
    alwaysOn
    label="resources.estimates.fields.status"
  />,
];

/** The export: Italian labels and dates, the advertiser and the opportunity by name. */
export const estimatesExportColumns: ExportColumn<Estimate>[] = [
  { label: 'resources.estimates.fields.id', value: (e) => e.id },
  { label: 'resources.estimates.fields.name', value: (e) => e.name },
  {
    label: 'resources.estimates.fields.advertiserId',
    reference: { resource: 'advertisers', source: (e) => e.advertiserId, text: (a) => String(a.name) },
  },
  {
    label: 'resources.estimates.fields.opportunityId',
    reference: { resource: 'opportunities', source: (e) => e.opportunityId, text: (o) => String(o.name) },
  },
  { label: 'resources.estimates.fields.status', value: (e) => codeLabel(STATUS_LABELS, e.status) },
  { label: 'resources.estimates.fields.subtotal', value: (e) => e.subtotal },
  { label: 'resources.estimates.fields.discountTotal', value: (e) => e.discountTotal },
  { label: 'resources.estimates.fields.total', value: (e) => e.total },
  { label: 'resources.estimates.fields.validUntil', value: (e) => formatDate(e.validUntil) },
  { label: 'resources.estimates.fields.createdAt', value: (e) => formatDate(e.createdAt) },
];

function Actions() {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <ListViewButtons />
      <Button component={RouterLink} to={newEstimatePath()} startIcon={<AddIcon />}>
        {translate('resources.estimates.create')}
      </Button>
      <ExportAllButton columns={estimatesExportColumns} fileName="preventivi" />
    </TopToolbar>
  );
}

/**
 * The names the list shows, from one request for the page: every opportunity's short form, which
 * carries the opportunity's name and its advertiser's.
 */
function useNames() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['opportunities', 'names'],
    queryFn: () => dataProvider.opportunityNames('opportunities'),
    staleTime: 60_000,
  });
}

/** The estimate's opportunity by name. */
function OpportunityName() {
  const estimate = useRecordContext<Estimate>();
  const names = useNames();
  const id = estimate?.opportunityId;
  return <span>{id == null ? '' : (names.data?.opportunities[id] ?? '')}</span>;
}

/**
 * The estimate's advertiser by name: from the opportunities' names when the advertiser has an
 * opportunity, else (or when they could not be read) from its record, the page's other such rows
 * with it in one request (react-admin's getMany).
 */
function AdvertiserName() {
  const estimate = useRecordContext<Estimate>();
  const names = useNames();
  const id = estimate?.advertiserId;
  if (id == null || names.isPending) return <span />;
  const name = names.data?.advertisers[id];
  if (name !== undefined) return <span>{name}</span>;
  return <ReferenceField source="advertiserId" reference="advertisers" link={false} />;
}

/** Every estimate, searchable, filtered by status, sorted by any of the service's fields, exported whole. */
function EstimateList() {
  const translate = useTranslate();
  return (
    <>
      <ListPage
        heading={translate('resources.estimates.name', { smart_count: 2 })}
        resource="estimates"
        filters={filters}
        perPage={25}
        sort={{ field: 'name', order: 'ASC' }}
        actions={<Actions />}
      >
        <DataTable rowClick={(id) => estimateEditorPath(id)} bulkActionButtons={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="name" />
          <DataTable.Col source="advertiserId" disableSort>
            <AdvertiserName />
          </DataTable.Col>
          <DataTable.Col source="opportunityId" disableSort>
            <OpportunityName />
          </DataTable.Col>
          <DataTable.Col source="status">
            <FunctionField<Estimate> source="status" render={(e) => codeLabel(STATUS_LABELS, e.status)} />
          </DataTable.Col>
          <DataTable.NumberCol source="total" options={MONEY_OPTIONS} locales="it-IT" />
          <DataTable.Col source="validUntil" field={DateText} />
          <DataTable.Col source="createdAt" field={DateText} />
        </DataTable>
      </ListPage>
    </>
  );
}

/** /estimates/manage: the estimates list; ?id=… opens an estimate's editor, ?create a new one (optionally for ?opportunityId=…). */
export default function EstimatesPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (params.has('create')) {
    const opportunityId = Number(params.get('opportunityId'));
    return (
      <EstimateCreate key={params.toString()} opportunityId={opportunityId > 0 ? opportunityId : undefined} />
    );
  }
  if (Number.isInteger(id) && id > 0) return <EstimateEdit key={id} id={id} />;
  return <EstimateList />;
}
