import { useState } from 'react';
import {
  Button,
  Grid,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  Link as MuiLink,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  Loading,
  useCreate,
  useDelete,
  useGetList,
  useGetMany,
  useGetManyReference,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { SchemaCampaign as Campaign } from '@/api/generated/campaign';
import { useUnsavedChangesGuard } from '@/forms/unsavedChanges';
import { PageHeading } from '@/ui/FormPage';
import { useFailure } from '@/ui/useFailure';
import { StateMessage } from '@/ui/StateMessage';
import { euro, period } from './common';
import type { Order, OrderCampaign } from './shared';

/** /orders/:id/campaigns: the campaigns an order runs; connect an existing one or create one connected. */
export default function OrderCampaignsPage() {
  const { id } = useParams();
  const orderId = Number(id);
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const queryClient = useQueryClient();
  const { data: order, error: orderError } = useGetOne<Order>('orders', { id: orderId });
  const links = useGetManyReference<OrderCampaign>('orderCampaigns', {
    target: 'orderId',
    id: orderId,
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'id', order: 'ASC' },
  });
  const connected = useGetMany<Campaign>(
    'campaigns',
    { ids: (links.data ?? []).map((l) => l.campaignId) },
    { enabled: Boolean(links.data?.length) },
  );
  const candidates = useGetList<Campaign>(
    'campaigns',
    {
      pagination: { page: 1, perPage: 200 },
      sort: { field: 'name', order: 'ASC' },
      filter: order ? { advertiserId: order.advertiserId } : {},
    },
    { enabled: Boolean(order) },
  );
  const [chosen, setChosen] = useState('');
  const [create, { isPending: creating }] = useCreate();
  const [deleteLink] = useDelete();
  const [draft, setDraft] = useState({ name: '', budget: '' });
  const { guard } = useUnsavedChangesGuard(Boolean(draft.name.trim() || draft.budget.trim()));
  // A link or a new campaign changes both lists on this page.
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: ['orderCampaigns'] });
    void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
  };
  const connect = () =>
    void create(
      'orderCampaigns',
      { data: { orderId, campaignId: Number(chosen) } },
      {
        onSuccess: () => {
          notify('resources.orders.campaigns.connected', { type: 'success' });
          setChosen('');
          changed();
        },
        onError: failure,
      },
    );
  const createConnected = () => {
    if (!order) return;
    void create(
      'campaigns',
      {
        data: {
          name: draft.name,
          advertiserId: order.advertiserId,
          orderId,
          periodStart: order.periodStart,
          periodEnd: order.periodEnd,
          budget: draft.budget === '' ? order.total : Number(draft.budget),
          status: 'planned',
        },
      },
      {
        onSuccess: () => {
          notify('resources.orders.campaigns.created', {
            type: 'success',
            messageArgs: { name: draft.name },
          });
          setDraft({ name: '', budget: '' });
          changed();
        },
        onError: failure,
      },
    );
  };
  const linkOf = (campaignId: number) => links.data?.find((l) => l.campaignId === campaignId);
  const linkedIds = new Set((links.data ?? []).map((l) => l.campaignId));
  return (
    <>
      <PageHeading title={translate('resources.orders.campaigns.pageTitle', { code: order?.code ?? '' })} />
      <Paper sx={{ p: 2 }}>
        <Button component={RouterLink} to={`/orders/orderVisualizer?id=${orderId}`} size="small">
          {translate('resources.orders.visualizer.open')}
        </Button>
        <StateMessage error={orderError ?? links.error} />
        {links.isPending ? (
          <Loading />
        ) : !links.data?.length ? (
          <StateMessage empty={translate('resources.orders.campaigns.empty')} />
        ) : (
          <Table size="small" sx={{ my: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.campaigns.fields.name')}</TableCell>
                <TableCell>{translate('resources.campaigns.fields.period')}</TableCell>
                <TableCell>{translate('resources.campaigns.fields.budget')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(connected.data ?? []).map((c) => (
                <TableRow key={c.id}>
                  <TableCell>
                    <MuiLink component={RouterLink} to={`/campaigns/${c.id}`}>{c.name}</MuiLink>
                  </TableCell>
                  <TableCell>{period(c.periodStart, c.periodEnd)}</TableCell>
                  <TableCell>{euro(c.budget)}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      onClick={() => {
                        const link = linkOf(c.id);
                        if (link)
                          void deleteLink(
                            'orderCampaigns',
                            { id: link.id, previousData: link },
                            { mutationMode: 'pessimistic', onSuccess: changed, onError: failure },
                          );
                      }}
                    >
                      {translate('resources.orders.campaigns.disconnect')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Grid container spacing={3} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="h6" component="h2">
              {translate('resources.orders.campaigns.connectTitle')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <TextField
                select
                fullWidth
                size="small"
                label={translate('resources.orders.campaigns.choose')}
                value={chosen}
                onChange={(e) => setChosen(e.target.value)}
              >
                {(candidates.data ?? [])
                  .filter((c) => !linkedIds.has(c.id))
                  .map((c) => (
                    <MenuItem key={c.id} value={String(c.id)}>
                      {c.name}
                    </MenuItem>
                  ))}
              </TextField>
              <Button variant="contained" disabled={!chosen} onClick={connect}>
                {translate('resources.orders.campaigns.connect')}
              </Button>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="h6" component="h2">
              {translate('resources.orders.campaigns.createTitle')}
            </Typography>
            <Stack
              component="form"
              spacing={1}
              sx={{ mt: 1 }}
              onSubmit={(e) => {
                e.preventDefault();
                createConnected();
              }}
            >
              {guard}
              <TextField
                required
                size="small"
                label={translate('resources.campaigns.fields.name')}
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
              <TextField
                size="small"
                type="number"
                label={translate('resources.campaigns.fields.budget')}
                helperText={translate('resources.orders.campaigns.budgetHelp', { total: euro(order?.total) })}
                value={draft.budget}
                onChange={(e) => setDraft({ ...draft, budget: e.target.value })}
              />
              <Button type="submit" variant="contained" disabled={!draft.name.trim() || creating || !order}>
                {translate('resources.orders.campaigns.create')}
              </Button>
            </Stack>
          </Grid>
        </Grid>
      </Paper>
    </>
  );
}
