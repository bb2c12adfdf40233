import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField as MuiTextField,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  Datagrid,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { callOrThrow } from '@/api/http';
import { estimateApi } from '@/api/estimate';
import type { SchemaEstimateDto } from '@/api/generated/estimate';
import { createOrderFromEstimate, type Order } from '@/dataProviders/orders';
import { errorMessage, mayOpen, period } from './common';

export const ORDER_STATUSES = ['draft', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;

const statusChoices = ORDER_STATUSES.map((id) => ({ id, name: `resources.orders.status.${id}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

/** "Crea da preventivo": the accepted estimates, then POST /orders/fromEstimate/{id}. */
function FromEstimateButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [estimates, setEstimates] = useState<SchemaEstimateDto[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    callOrThrow(estimateApi().GET('/getAllDto'))
      .then((all) => setEstimates(all.filter((e) => e.status === 'accepted')))
      .catch((error: unknown) => {
        setEstimates([]);
        notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(error, translate('resources.orders.errors.load')) } });
      });
  }, [open, notify, translate]);
  const create = async () => {
    setBusy(true);
    try {
      const order: Order = await createOrderFromEstimate(Number(chosen));
      notify('resources.orders.fromEstimate.done', { type: 'success', messageArgs: { code: order.code } });
      setOpen(false);
      refresh();
      navigate(`/orders/orderVisualizer?id=${order.id}`);
    } catch (error) {
      notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(error, translate('resources.orders.errors.save')) } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('resources.orders.fromEstimate.action')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('resources.orders.fromEstimate.title')}</DialogTitle>
        <DialogContent>
          <MuiTextField
            select
            fullWidth
            sx={{ mt: 1 }}
            label={translate('resources.orders.fields.estimateId')}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            helperText={
              estimates && !estimates.length
                ? translate('resources.orders.fromEstimate.none')
                : translate('resources.orders.fromEstimate.help')
            }
            slotProps={{ htmlInput: { 'data-testid': 'estimate-select' } }}
          >
            {(estimates ?? []).map((e) => (
              <MenuItem key={e.id} value={String(e.id)}>
                {`${e.id} – ${e.name}`}
              </MenuItem>
            ))}
          </MuiTextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!chosen || busy} onClick={() => void create()}>
            {translate('resources.orders.fromEstimate.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Actions() {
  return <TopToolbar>{mayOpen('/orders/1/documents') && <FromEstimateButton />}</TopToolbar>;
}

/** /orders: every order, searchable and filtered by status; each opens its visualizer. */
export default function OrdersPage() {
  const translate = useTranslate();
  const canChange = mayOpen('/orders/1/documents');
  return (
    <List
      resource="orders"
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'orderDate', order: 'DESC' }}
      title={translate('resources.orders.name', { smart_count: 2 })}
      empty={false}
    >
      <Datagrid rowClick={(id) => `/orders/orderVisualizer?id=${id}`} bulkActionButtons={false}>
        <TextField source="code" />
        <FunctionField
          source="status"
          render={(r: Order) => translate(`resources.orders.status.${r.status}`)}
        />
        <TextField source="estimateId" />
        <NumberField source="total" options={{ style: 'currency', currency: 'EUR' }} locales="it-IT" />
        <FunctionField
          source="periodStart"
          label="resources.orders.fields.period"
          render={(r: Order) => period(r.periodStart, r.periodEnd)}
        />
        {canChange && (
          <FunctionField
            label="resources.orders.actions"
            render={(r: Order) => (
              <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
                <Button size="small" component={RouterLink} to={`/orders/${r.id}/documents`}>
                  {translate('resources.orders.documents.title')}
                </Button>
                <Button size="small" component={RouterLink} to={`/orders/${r.id}/campaigns`}>
                  {translate('resources.orders.campaigns.title')}
                </Button>
              </Stack>
            )}
          />
        )}
      </Datagrid>
    </List>
  );
}
