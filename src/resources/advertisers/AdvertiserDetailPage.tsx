import { useState } from 'react';
import { Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import {
  DataTable,
  DateField,
  DeleteWithConfirmButton,
  EditBase,
  Link,
  ListBase,
  NumberField,
  SaveButton,
  Toolbar,
  useEditContext,
  useTranslate,
} from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { EmptyText } from '@/ui/ListPage';
import { AdvertiserHistory } from './AdvertiserHistory';
import { AdvertiserForm } from './AdvertiserInputs';
import { AdvertiserLogo } from './AdvertiserLogo';
import { ADVERTISERS_PATH } from './AdvertisersPage';
import { useFailure } from '@/ui/useFailure';

function Heading() {
  const { record, isPending, error } = useEditContext();
  const translate = useTranslate();
  if (error)
    return (
      <Typography color="error">
        {error instanceof Error ? error.message : translate('ra.notification.http_error')}
      </Typography>
    );
  if (isPending || !record) return null;
  return (
    <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
      {String(record.name)}
    </Typography>
  );
}

function EditToolbar() {
  const translate = useTranslate();
  const { record } = useEditContext();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        redirect={ADVERTISERS_PATH}
        confirmTitle={translate('resources.advertisers.delete_title', { name: String(record?.name ?? '') })}
        confirmContent="resources.advertisers.delete_content"
      />
    </Toolbar>
  );
}

function Opportunities({ id }: { id: number }) {
  const translate = useTranslate();
  return (
    <ListBase
      resource="opportunities"
      filter={{ advertiserId: id }}
      perPage={10}
      sort={{ field: 'createdAt', order: 'DESC' }}
      disableSyncWithLocation
    >
      <DataTable
        rowClick={(oid) => `/opportunities?id=${oid}`}
        bulkActionButtons={false}
        empty={<EmptyText message="resources.opportunities.empty" />}
      >
        <DataTable.Col source="name" disableSort />
        <DataTable.Col
          source="status"
          disableSort
          render={(r) => translate(`resources.opportunities.status.${String(r.status)}`)}
        />
        <DataTable.Col source="amount" disableSort>
          <NumberField source="amount" options={{ style: 'currency', currency: 'EUR' }} locales="it-IT" />
        </DataTable.Col>
        <DataTable.Col source="createdAt" disableSort>
          <DateField source="createdAt" locales="it-IT" />
        </DataTable.Col>
      </DataTable>
    </ListBase>
  );
}

/** /advertisers/:id: edit with the uniqueness checks, logo, history (advertiser and contacts) and opportunities. */
export default function AdvertiserDetailPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const failure = useFailure();
  const [tab, setTab] = useState(0);
  const advertiserId = Number(id);
  if (!Number.isInteger(advertiserId) || advertiserId < 1) {
    return <Navigate to="/404" replace />;
  }
  return (
    <EditBase
      resource="advertisers"
      id={advertiserId}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onError: failure }}
      queryOptions={{ onError: failure }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Link to={ADVERTISERS_PATH}>{translate('resources.advertisers.back')}</Link>
      </Box>
      <Heading />
      <Card sx={{ mt: 1 }}>
        <Tabs
          value={tab}
          onChange={(_e, v: number) => setTab(v)}
          aria-label={translate('resources.advertisers.name', { smart_count: 1 })}
        >
          <Tab label={translate('resources.advertisers.tabs.data')} />
          <Tab label={translate('resources.advertisers.tabs.history')} />
          <Tab label={translate('resources.advertisers.tabs.opportunities')} />
        </Tabs>
        <CardContent>
          {tab === 0 ? (
            <Box
              sx={{
                display: 'flex',
                gap: 3,
                flexWrap: { xs: 'wrap', md: 'nowrap' },
                alignItems: 'flex-start',
              }}
            >
              <Box sx={{ flex: 1 }}>
                <AdvertiserForm toolbar={<EditToolbar />} />
              </Box>
              <AdvertiserLogo />
            </Box>
          ) : null}
          {tab === 1 ? <AdvertiserHistory id={advertiserId} /> : null}
          {tab === 2 ? <Opportunities id={advertiserId} /> : null}
        </CardContent>
      </Card>
    </EditBase>
  );
}
