import { useState } from 'react';
import { Button, DialogContent, DialogTitle } from '@mui/material';
import type { SchemaAdvertiser } from '@/api/generated/advertiser';
import AddIcon from '@mui/icons-material/Add';
import { CreateBase, DataTable, SearchInput, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { FormDialog } from '@/forms/unsavedChanges';
import { useNavigate } from 'react-router-dom';
import { ADVERTISER_LIST_DEFAULTS } from '@/config/constants';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { useFailure } from '@/ui/useFailure';
import { AdvertiserForm, useBusinessAreas } from './AdvertiserInputs';
import { OnDemandSelectInput } from '@/ui/OnDemandSelectInput';
import { EmptyText, ListPage } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const exportColumns: ExportColumn<SchemaAdvertiser>[] = [
  { label: 'resources.advertisers.fields.name', value: (a) => a.name },
  { label: 'resources.advertisers.fields.businessArea', value: (a) => a.businessArea },
  { label: 'resources.advertisers.fields.vatNumber', value: (a) => a.vatNumber },
  { label: 'resources.advertisers.fields.fiscalCode', value: (a) => a.fiscalCode },
  { label: 'resources.advertisers.fields.email', value: (a) => a.email },
  { label: 'resources.advertisers.fields.phone', value: (a) => a.phone },
  { label: 'resources.advertisers.fields.address', value: (a) => a.address },
  { label: 'resources.advertisers.fields.city', value: (a) => a.city },
];

export const ADVERTISERS_PATH = '/advertisers';

/**
 * The business area filter: the areas are read when it takes the focus or opens, not for the list's
 * first page (the area a filter holds shows as it is, being its own label).
 */
function BusinessAreaFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const [wanted, setWanted] = useState(false);
  const { data, isPending, isError } = useBusinessAreas(wanted);
  return (
    <OnDemandSelectInput
      source={source}
      values={data}
      loading={wanted && isPending}
      failed={isError}
      onWanted={() => setWanted(true)}
    />
  );
}

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.advertisers.search')} />,
    <BusinessAreaFilter key="businessArea" source="businessArea" alwaysOn />,
  ];
}

function CreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const failure = useFailure();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="advertiser-create-title"
    >
      <DialogTitle id="advertiser-create-title">{translate('resources.advertisers.create')}</DialogTitle>
      <DialogContent>
        <CreateBase
          resource="advertisers"
          redirect={false}
          mutationOptions={{
            onSuccess: (data: RaRecord) => navigate(`${ADVERTISERS_PATH}/${data.id}`),
            onError: failure,
          }}
        >
          <AdvertiserForm />
        </CreateBase>
      </DialogContent>
    </FormDialog>
  );
}

/** /advertisers: advertisers paged by allPaginated with name and business area filters; create in a dialog. */
export default function AdvertisersPage() {
  const translate = useTranslate();
  const [creating, setCreating] = useState(false);
  const filters = useFilters();
  return (
    <>
      <ListPage
        heading={translate('resources.advertisers.name', { smart_count: 2 })}
        resource="advertisers"
        filters={filters}
        perPage={ADVERTISER_LIST_DEFAULTS.perPage}
        sort={{ field: 'name', order: 'ASC' }}
        rowsPerPage={[10, 25, 50]}
        actions={
          <TopToolbar>
            <ListViewButtons />
            <Button startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {translate('resources.advertisers.create')}
            </Button>
            <ExportAllButton columns={exportColumns} fileName="inserzionisti" />
          </TopToolbar>
        }
      >
        <DataTable
          rowClick={(id) => `${ADVERTISERS_PATH}/${id}`}
          bulkActionButtons={false}
          empty={<EmptyText message="resources.advertisers.empty" />}
        >
          <DataTable.Col source="name" />
          <DataTable.Col source="businessArea" />
          <DataTable.Col source="vatNumber" />
          <DataTable.Col source="email" />
          <DataTable.Col source="city" />
        </DataTable>
      </ListPage>
      <CreateDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
