import { Button, Chip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataTable,
  DateField,
  List,
  NumberField,
  ReferenceField,
  SearchInput,
  SelectInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ESTIMATE_STATUSES } from '@/api/estimate';
import { AppPagination } from '@/layout/Pagination';
import { EstimateCreate, EstimateEdit } from './EstimateEditor';
import { estimateEditorPath, newEstimatePath } from './paths';

function EstimateList() {
  const translate = useTranslate();
  const statusChoices = ESTIMATE_STATUSES.map((s) => ({ id: s, name: `resources.estimates.status.${s}` }));
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {translate('resources.estimates.name', { smart_count: 2 })}
      </Typography>
      <List
        resource="estimates"
        title={translate('resources.estimates.name', { smart_count: 2 })}
        filters={[
          <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.estimates.search')} />,
          <SelectInput key="status" source="status" choices={statusChoices} alwaysOn label="resources.estimates.fields.status" />,
        ]}
        perPage={25}
        sort={{ field: 'name', order: 'ASC' }}
        pagination={<AppPagination rowsPerPageOptions={[25, 50, 100]} />}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <Button component={RouterLink} to={newEstimatePath()} startIcon={<AddIcon />}>
              {translate('resources.estimates.create')}
            </Button>
          </TopToolbar>
        }
      >
        <DataTable rowClick={(id) => estimateEditorPath(id)} bulkActionButtons={false} empty={<Typography sx={{ p: 2 }}>{translate('resources.estimates.empty')}</Typography>}>
          <DataTable.Col source="id" />
          <DataTable.Col source="name" />
          <DataTable.Col source="advertiserId" disableSort>
            <ReferenceField source="advertiserId" reference="advertisers" link={false} />
          </DataTable.Col>
          <DataTable.Col source="status" render={(r) => <Chip size="small" label={translate(`resources.estimates.status.${String(r.status)}`)} />} />
          <DataTable.Col source="total">
            <NumberField source="total" options={{ style: 'currency', currency: 'EUR' }} locales="it-IT" />
          </DataTable.Col>
          <DataTable.Col source="validUntil">
            <DateField source="validUntil" locales="it-IT" />
          </DataTable.Col>
          <DataTable.Col source="createdAt">
            <DateField source="createdAt" locales="it-IT" />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}

/** /estimates/manage: the estimates list; ?id=… opens an estimate's editor, ?create a new one (optionally for ?opportunityId=…). */
export default function EstimatesPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (params.has('create')) {
    const opportunityId = Number(params.get('opportunityId'));
    return <EstimateCreate key={params.toString()} opportunityId={opportunityId > 0 ? opportunityId : undefined} />;
  }
  if (Number.isInteger(id) && id > 0) return <EstimateEdit key={id} id={id} />;
  return <EstimateList />;
}
