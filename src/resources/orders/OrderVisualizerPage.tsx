import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  Link as MuiLink,
} from '@mui/material';
import {
  Loading,
  RecordContextProvider,
  ReferenceField,
  useGetList,
  useGetManyReference,
  useDataProvider,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { AppDataProvider } from '@/dataProviders';
import { useFailure } from '@/ui/useFailure';
import type { SchemaCampaign as Campaign } from '@/api/generated/campaign';
import type { SchemaEstimate } from '@/api/generated/estimate';
import type { SchemaPlanning as Planning } from '@/api/generated/planner';
import { PageHeading } from '@/ui/FormPage';
import { codeLabel } from '@/ui/format';
import { FileTable } from '@/ui/FileTable';
import { mayOpen } from '@/ui/mayOpen';
import { StateMessage } from '@/ui/StateMessage';
import { day, euro, period } from './common';
import { useOrderDocumentDownload } from './OrderDocumentsPage';
import { OrderStatusHistory, OrderStatusMoves } from './OrderStatusMoves';
import { SharePanelIfAllowed } from '@/pages/shared/EstimateSharePanel';
import { type Order, type OrderDocument } from './shared';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card component="section" sx={{ mt: 2 }} aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function EstimateLines({ estimateId }: { estimateId: number | null }) {
  const translate = useTranslate();
  const { data: estimate, error } = useGetOne<SchemaEstimate>(
    'estimates',
    { id: Number(estimateId) },
    { enabled: Boolean(estimateId) },
  );
  if (!estimateId)
    return <Alert severity="info">{translate('resources.orders.visualizer.noEstimate')}</Alert>;
  if (error) return <StateMessage error={error} />;
  if (!estimate) return <Loading />;
  if (!estimate.lines.length)
    return <Alert severity="info">{translate('resources.orders.visualizer.noLines')}</Alert>;
  return (
    <>
      <Typography variant="body2" gutterBottom>{`${estimate.id} – ${estimate.name}`}</Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.orders.visualizer.line.description')}</TableCell>
            <TableCell>{translate('resources.orders.visualizer.line.quantity')}</TableCell>
            <TableCell>{translate('resources.orders.fields.period')}</TableCell>
            <TableCell>{translate('resources.orders.visualizer.line.unitPrice')}</TableCell>
            <TableCell>{translate('resources.orders.visualizer.line.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {estimate.lines.map((l) => (
            <TableRow key={l.id}>
              <TableCell>{l.description}</TableCell>
              <TableCell>{l.quantity}</TableCell>
              <TableCell>{period(l.periodStart, l.periodEnd)}</TableCell>
              <TableCell>{euro(l.unitPrice)}</TableCell>
              <TableCell>{euro(l.total)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/**
 * «Crea pianificazione»: a draft planning of the order's faces for one of its campaigns, at the price
 * sold; it opens with the faces left out and why.
 */
function CreatePlanningButton({ orderId, campaignId }: { orderId: number; campaignId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const create = useMutation({
    mutationFn: () => dataProvider.planningFromOrder('plannings', { orderId, campaignId }),
    onSuccess: ({ planning, skipped }) => {
      notify('resources.orders.fromOrder.created', { type: 'success', messageArgs: { name: planning.name } });
      navigate(`/plannings/${planning.id}`, { state: { skipped } });
    },
    onError: failure,
  });
  return (
    <Button size="small" variant="outlined" disabled={create.isPending} onClick={() => create.mutate()}>
      {translate('resources.orders.fromOrder.create')}
    </Button>
  );
}

/** /orders/orderVisualizer?id=: an order with its estimate lines, documents, campaigns and plannings, read only. */
export default function OrderVisualizerPage() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('id'));
  const valid = Number.isInteger(orderId) && orderId > 0;
  const translate = useTranslate();
  const { data: order, isPending, error } = useGetOne<Order>('orders', { id: orderId }, { enabled: valid });
  const documents = useGetManyReference<OrderDocument>(
    'orderDocuments',
    {
      target: 'orderId',
      id: orderId,
      pagination: { page: 1, perPage: 200 },
      sort: { field: 'uploadedAt', order: 'DESC' },
    },
    { enabled: valid },
  );
  const campaigns = useGetList<Campaign>(
    'campaigns',
    {
      pagination: { page: 1, perPage: 200 },
      sort: { field: 'periodStart', order: 'ASC' },
      filter: { orderId },
    },
    { enabled: valid },
  );
  const campaignIds = (campaigns.data ?? []).map((c) => c.id);
  const plannings = useGetList<Planning>(
    'plannings',
    {
      pagination: { page: 1, perPage: 200 },
      sort: { field: 'periodStart', order: 'ASC' },
      filter: { campaignId: campaignIds },
    },
    { enabled: campaignIds.length > 0 },
  );
  const download = useOrderDocumentDownload();
  const title = translate('resources.orders.visualizer.title', { code: order?.code ?? '' });
  if (!valid) return <Alert severity="warning">{translate('resources.orders.visualizer.missingId')}</Alert>;
  if (isPending) return <Loading />;
  if (error || !order)
    return <StateMessage error={error ?? new Error(translate('resources.orders.errors.load'))} />;
  return (
    <RecordContextProvider value={order}>
      <Box data-testid="order-visualizer">
        <PageHeading title={title} />
        <Section title={translate('resources.orders.visualizer.order')}>
          <Grid container spacing={2}>
            {(
              [
                ['code', order.code],
                ['total', euro(order.total)],
                ['orderDate', day(order.orderDate)],
                ['period', period(order.periodStart, order.periodEnd)],
                ['advertiserId', <ReferenceField key="a" source="advertiserId" reference="advertisers" />],
                ['notes', order.notes ?? '—'],
              ] as Array<[string, React.ReactNode]>
            ).map(([field, value]) => (
              <Grid key={field} size={{ xs: 12, sm: 6, md: 3 }}>
                <Typography variant="caption" color="text.secondary">
                  {translate(`resources.orders.fields.${field}`)}
                </Typography>
                <Typography component="div">{value}</Typography>
              </Grid>
            ))}
          </Grid>
        </Section>
        <Section title={translate('resources.orders.moves.title')}>
          <OrderStatusMoves order={order} />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            {translate('resources.orders.moves.history')}
          </Typography>
          <OrderStatusHistory orderId={order.id} />
        </Section>
        <SharePanelIfAllowed resourceType="order" resourceId={order.id} card />
        <Section title={translate('resources.orders.visualizer.estimate')}>
          <EstimateLines estimateId={order.estimateId} />
        </Section>
        <Section title={translate('resources.orders.documents.title')}>
          <StateMessage
            error={documents.error}
            empty={documents.data?.length === 0 ? translate('resources.orders.documents.empty') : undefined}
          >
            <FileTable label={translate('resources.orders.documents.title')} rows={documents.data ?? []} onDownload={(d) => download.mutateAsync(d)} />
          </StateMessage>
        </Section>
        <Section title={translate('resources.orders.campaigns.title')}>
          <StateMessage
            error={campaigns.error}
            empty={campaigns.data?.length === 0 ? translate('resources.orders.campaigns.empty') : undefined}
          >
            <Table size="small">
              <TableBody>
                {(campaigns.data ?? []).map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>
                      {mayOpen(`/campaigns/${c.id}`) ? (
                        <MuiLink component={RouterLink} to={`/campaigns/${c.id}`}>{c.name}</MuiLink>
                      ) : mayOpen(`/campaigns/${c.id}/creatives`) ? (
                        <MuiLink component={RouterLink} to={`/campaigns/${c.id}/creatives`}>{c.name}</MuiLink>
                      ) : (
                        c.name
                      )}
                    </TableCell>
                    <TableCell>{codeLabel('resources.campaigns.status', c.status)}</TableCell>
                    <TableCell>{period(c.periodStart, c.periodEnd)}</TableCell>
                    <TableCell>{euro(c.budget)}</TableCell>
                    <TableCell align="right">
                      {order.estimateId && mayOpen('/plannings') ? <CreatePlanningButton orderId={order.id} campaignId={c.id} /> : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </StateMessage>
        </Section>
        <Section title={translate('resources.plannings.name', { smart_count: 2 })}>
          <StateMessage
            error={plannings.error}
            empty={
              !campaignIds.length || plannings.data?.length === 0
                ? translate('resources.plannings.empty')
                : undefined
            }
          >
            <Table size="small">
              <TableBody>
                {(plannings.data ?? []).map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>
                      {mayOpen(`/plannings/${p.id}`) ? (
                        <MuiLink component={RouterLink} to={`/plannings/${p.id}`}>{p.name}</MuiLink>
                      ) : (
                        p.name
                      )}
                    </TableCell>
                    <TableCell>{period(p.periodStart, p.periodEnd)}</TableCell>
                    <TableCell>
                      {translate('resources.plannings.totals', {
                        systems: p.totals.systems,
                        amount: euro(p.totals.amount),
                      })}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </StateMessage>
        </Section>
      </Box>
    </RecordContextProvider>
  );
}
