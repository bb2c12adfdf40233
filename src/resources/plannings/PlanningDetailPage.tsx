import { Alert, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import {
  DataTable,
  FunctionField,
  List,
  Loading,
  RecordContextProvider,
  ReferenceField,
  TopToolbar,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { failureMessage } from '@/api/failures';
import type { SchemaSystem } from '@/api/generated/systems';
import { PageHeading } from '@/ui/FormPage';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { formatDate, formatMoney, MONEY_OPTIONS } from '@/ui/format';
import { StatusMoves } from '@/ui/StatusMoves';
import { RiskOverrideDialog, RiskOverrideNote, usePlanningMoves } from './RiskOverride';
import { PlanningStatusFinal, PlanningStatusTransitions, ReservationStatusLabels } from '@/api/generated/planner.rules';
import { formatPeriod } from './period';
import { PlanningMap, type MapPoint } from './PlanningMap';
import { STATUS_LABELS, type Planning, type PlanningItem } from './shared';
import { useBookedSystems } from './useBookedSystems';
import { SharePanel } from '@/pages/shared/EstimateSharePanel';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const itemColumns: ExportColumn<PlanningItem>[] = [
  { label: 'resources.plannings.faces.face', value: (i) => i.frameName ?? '' },
  {
    label: 'resources.planningItems.fields.systemId',
    reference: {
      resource: 'systems',
      source: (i) => i.systemId,
      text: (s) => `${String(s.code)} · ${String(s.name)}`,
    },
  },
  { label: 'resources.planningItems.fields.periodStart', value: (i) => formatDate(i.periodStart) },
  { label: 'resources.planningItems.fields.periodEnd', value: (i) => formatDate(i.periodEnd) },
  { label: 'resources.planningItems.fields.price', value: (i) => i.price },
];

/** The booked faces: the planning's items, each face by its name, its system by code and name (the name says its type) and address, its price and its option or booking. */
function BookedItems({ planningId, draft }: { planningId: number; draft: boolean }) {
  const translate = useTranslate();
  return (
    <List
      resource="planningItems"
      filter={{ planningId }}
      disableSyncWithLocation
      storeKey={`planningItems.${planningId}`}
      sort={{ field: 'id', order: 'ASC' }}
      title={false}
      exporter={false}
      actions={
        <TopToolbar>
          <ListViewButtons />
          <ExportAllButton columns={itemColumns} fileName={`pianificazione_${planningId}`} />
        </TopToolbar>
      }
      empty={<Alert severity="info">{translate('resources.plannings.noItems')}</Alert>}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="frameName" label="resources.plannings.faces.face" disableSort>
          <FunctionField<PlanningItem> render={(i) => i.frameName ?? `#${i.frameId}`} />
        </DataTable.Col>
        <DataTable.Col source="systemId" label="resources.planningItems.fields.systemId">
          <ReferenceField source="systemId" reference="systems" link={false}>
            <FunctionField<SchemaSystem> render={(s) => `${s.code} · ${s.name}`} />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="address" label="resources.plannings.system.address" disableSort>
          <ReferenceField source="systemId" reference="systems" link={false}>
            <FunctionField<SchemaSystem> render={(s) => `${s.address}, ${s.municipality.name}`} />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="periodStart" label="resources.plannings.fields.period">
          <FunctionField<PlanningItem> render={(i) => formatPeriod(i.periodStart, i.periodEnd)} />
        </DataTable.Col>
        <DataTable.NumberCol source="price" options={MONEY_OPTIONS} locales="it-IT" />
        <DataTable.Col source="reservationStatus" label="resources.plannings.faces.reservation" disableSort>
          <FunctionField<PlanningItem>
            render={(i) =>
              i.reservationStatus
                ? `${ReservationStatusLabels[i.reservationStatus]}${draft && i.expiresOn ? ` ${translate('resources.plannings.faces.until', { day: formatDate(i.expiresOn) })}` : ''}`
                : '—'
            }
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/**
 * The planning's total beside its order's, the difference said in words when there is one: what
 * was booked must be what was sold.
 */
function OrderComparison({ planning }: { planning: Planning }) {
  const translate = useTranslate();
  const { amount, orderTotal, difference } = planning.totals;
  if (orderTotal === null || orderTotal === undefined) return null;
  const diff = Number(difference ?? amount - orderTotal);
  const cents = Math.round(diff * 100);
  return (
    <Alert severity={cents === 0 ? 'success' : 'warning'} sx={{ mb: 1 }} data-testid="planning-order-comparison">
      <Typography variant="body2" component="div">
        {translate('resources.plannings.faces.compare', { amount: formatMoney(amount), order: formatMoney(orderTotal) })}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 600 }} data-testid="planning-order-difference">
        {cents === 0
          ? translate('resources.plannings.faces.same')
          : translate(cents < 0 ? 'resources.plannings.faces.less' : 'resources.plannings.faces.more', { amount: formatMoney(Math.abs(diff)) })}
      </Typography>
    </Alert>
  );
}

/** The faces «Crea pianificazione» left out (another sale holds or booked them), with the reason. */
function SkippedFaces() {
  const translate = useTranslate();
  const { state } = useLocation() as { state: { skipped?: Array<{ message: string }> } | null };
  const skipped = state?.skipped ?? [];
  if (!skipped.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }} data-testid="planning-skipped">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate('resources.plannings.faces.skipped', { smart_count: skipped.length })}
      </Typography>
      {skipped.map((s) => (
        <Typography key={s.message} variant="body2">
          {s.message}
        </Typography>
      ))}
    </Alert>
  );
}

/** The planning's status and the moves its rules allow (the page is the admin's, who may move it). */
function PlanningStatus({ planning }: { planning: Planning }) {
  const { move, override, risks, close, pending } = usePlanningMoves(planning);
  return (
    <>
      {risks && <RiskOverrideDialog risks={risks} pending={pending} onConfirm={override} onClose={close} />}
      <StatusMoves
        current={planning.status}
        transitions={PlanningStatusTransitions}
        final={PlanningStatusFinal}
        labels={STATUS_LABELS}
        name={planning.name}
        canMove
        pending={pending}
        onMove={(to) => move(to)}
        testId="planning-status"
      />
    </>
  );
}

/** /plannings/:id: the planning, its booked systems on a map and in a list, and a share link. */
export default function PlanningDetailPage() {
  const { id } = useParams();
  const planningId = Number(id);
  const translate = useTranslate();
  const { data: planning, isPending, error } = useGetOne<Planning>('plannings', { id: planningId });
  const { systems } = useBookedSystems(planningId);
  if (isPending) return <Loading />;
  if (error || !planning) return <Alert severity="error">{failureMessage(error)}</Alert>;
  const points: MapPoint[] = systems.map((s) => ({
    id: s.id,
    latitude: s.latitude,
    longitude: s.longitude,
    label: `${s.code} – ${s.address}`,
    tone: 'booked',
  }));
  return (
    <RecordContextProvider value={planning}>
      <PageHeading title={planning.name} />
      <Card>
        <CardContent>
          <Grid container spacing={2} sx={{ mb: 1 }}>
            <Grid size={{ xs: 12, md: 3 }}>
              <Typography variant="caption">{translate('resources.plannings.fields.campaignId')}</Typography>
              <Typography component="div">
                <ReferenceField source="campaignId" reference="campaigns" />
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              <Typography variant="caption">{translate('resources.plannings.fields.period')}</Typography>
              <Typography>{formatPeriod(planning.periodStart, planning.periodEnd)}</Typography>
            </Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              <Typography variant="caption">{translate('resources.plannings.fields.status')}</Typography>
              <PlanningStatus planning={planning} />
            </Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              <Typography variant="caption">{translate('resources.plannings.fields.totals')}</Typography>
              <Typography data-testid="planning-totals">
                {translate('resources.plannings.faces.totals', {
                  faces: planning.totals.faces,
                  systems: planning.totals.systems,
                  amount: formatMoney(planning.totals.amount),
                })}
              </Typography>
            </Grid>
          </Grid>
          <RiskOverrideNote planning={planning} />
          <OrderComparison planning={planning} />
          <SkippedFaces />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Button
              variant="contained"
              startIcon={<SearchIcon />}
              component={RouterLink}
              to={`/plannings/${planningId}/search`}
            >
              {translate('resources.plannings.search.open')}
            </Button>
          </Stack>
          <PlanningMap points={points} label={translate('resources.plannings.map')} />
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('resources.plannings.booked')}
      </Typography>
      {/* A move (confirmed: options become bookings) reads the items again. */}
      <BookedItems key={planning.status} planningId={planningId} draft={planning.status === 'draft'} />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <SharePanel resourceType="planning" resourceId={planningId} />
        </CardContent>
      </Card>
    </RecordContextProvider>
  );
}
