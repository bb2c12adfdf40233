import { useState } from 'react';
import { Button, DialogContent, DialogTitle, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AutocompleteInput,
  DataTable,
  FunctionField,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { SchemaEstimate } from '@/api/generated/estimate';
import { createOrderFromEstimateParams } from '@/api/generated/order.zod';
import type { AppDataProvider } from '@/dataProviders';
import { AppSimpleForm, DialogFormToolbar, FormDialog } from '@/forms/unsavedChanges';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { codeLabel, formatDate, MONEY_OPTIONS } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { mayOpen } from '@/ui/mayOpen';
import { period } from './common';
import { ORDER_STATUS_LABELS, orderStatusChoices, type Order } from './shared';
import { ListPage } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={orderStatusChoices} alwaysOn />,
];

/** The export: Italian labels and dates, the estimate and the advertiser by name. */
export const ordersExportColumns: ExportColumn<Order>[] = [
  { label: 'resources.orders.fields.code', value: (o) => o.code },
  { label: 'resources.orders.fields.status', value: (o) => codeLabel(ORDER_STATUS_LABELS, o.status) },
  {
    label: 'resources.orders.fields.estimateId',
    reference: { resource: 'estimates', source: (o) => o.estimateId, text: (e) => String(e.name) },
  },
  {
    label: 'resources.orders.fields.advertiserId',
    reference: { resource: 'advertisers', source: (o) => o.advertiserId, text: (a) => String(a.name) },
  },
  { label: 'resources.orders.fields.total', value: (o) => o.total },
  { label: 'resources.orders.fields.orderDate', value: (o) => formatDate(o.orderDate) },
  { label: 'resources.orders.fields.periodStart', value: (o) => formatDate(o.periodStart) },
  { label: 'resources.orders.fields.periodEnd', value: (o) => formatDate(o.periodEnd) },
  { label: 'resources.orders.fields.notes', value: (o) => o.notes },
];

const fromEstimateResolver = schemaResolver(createOrderFromEstimateParams);
/** An estimate reads as its number (printed on its PDF) and its name. */
const estimateOption = (e: SchemaEstimate) => `${e.id} – ${e.name}`;

/** "Crea da preventivo": a searchable picker of the accepted estimates, then POST /orders/fromEstimate/{id}. */
function FromEstimateButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const create = useMutation({
    mutationFn: (estimateId: number) => dataProvider.createOrderFromEstimate('orders', { estimateId }),
    onSuccess: (order) => {
      notify('resources.orders.fromEstimate.done', { type: 'success', messageArgs: { code: order.code } });
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      navigate(`/orders/orderVisualizer?id=${order.id}`);
    },
    onError: failure,
  });
  return (
    <>
      <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('resources.orders.fromEstimate.action')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="from-estimate-title"
      >
        <DialogTitle id="from-estimate-title">{translate('resources.orders.fromEstimate.title')}</DialogTitle>
        <AppSimpleForm
          resolver={fromEstimateResolver}
          onSubmit={(values: Record<string, unknown>) =>
            create.mutateAsync(Number(values.estimateId)).then(() => undefined)
          }
          toolbar={
            <DialogFormToolbar
              label="resources.orders.fromEstimate.confirm"
              icon={<AddIcon />}
              alwaysEnable
            />
          }
        >
          <DialogContent sx={{ width: '100%', p: 0 }}>
            <ReferenceInput
              source="estimateId"
              reference="estimates"
              filter={{ status: 'accepted' }}
              sort={{ field: 'id', order: 'DESC' }}
              perPage={50}
            >
              <AutocompleteInput
                label="resources.orders.fields.estimateId"
                optionText={estimateOption}
                helperText="resources.orders.fromEstimate.help"
              />
            </ReferenceInput>
          </DialogContent>
        </AppSimpleForm>
      </FormDialog>
    </>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <ListViewButtons />
      {mayOpen('/orders/1/documents') && <FromEstimateButton />}
      <ExportAllButton columns={ordersExportColumns} fileName="ordini" />
    </TopToolbar>
  );
}

/** /orders: every order, searchable, filtered by status, sortable, exported whole; each opens its visualizer. */
export default function OrdersPage() {
  const translate = useTranslate();
  const canChange = mayOpen('/orders/1/documents');
  return (
    <>
      <ListPage
        heading={translate('resources.orders.name', { smart_count: 2 })}
        resource="orders"
        filters={filters}
        actions={<Actions />}
        sort={{ field: 'orderDate', order: 'DESC' }}
      >
        <DataTable rowClick={(id) => `/orders/orderVisualizer?id=${id}`} bulkActionButtons={false}>
          <DataTable.Col source="code" />
          <DataTable.Col source="status">
            <FunctionField<Order> source="status" render={(o) => codeLabel(ORDER_STATUS_LABELS, o.status)} />
          </DataTable.Col>
          <DataTable.Col source="advertiserId">
            <ReferenceField source="advertiserId" reference="advertisers" link={false} />
          </DataTable.Col>
          <DataTable.Col source="estimateId">
            <ReferenceField source="estimateId" reference="estimates" link={false} />
          </DataTable.Col>
          <DataTable.NumberCol source="total" options={MONEY_OPTIONS} locales="it-IT" />
          <DataTable.Col source="periodStart" label="resources.orders.fields.period">
            <FunctionField<Order> render={(o) => period(o.periodStart, o.periodEnd)} />
          </DataTable.Col>
          {canChange ? (
            <DataTable.Col label="resources.orders.actions" disableSort>
              <FunctionField<Order>
                render={(o) => (
                  <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
                    <Button size="small" component={RouterLink} to={`/orders/${o.id}/documents`}>
                      {translate('resources.orders.documents.title')}
                    </Button>
                    <Button size="small" component={RouterLink} to={`/orders/${o.id}/campaigns`}>
                      {translate('resources.orders.campaigns.title')}
                    </Button>
                  </Stack>
                )}
              />
            </DataTable.Col>
          ) : null}
        </DataTable>
      </ListPage>
    </>
  );
}
