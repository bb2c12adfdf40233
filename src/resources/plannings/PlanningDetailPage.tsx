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
import { Link as RouterLink, useParams } from 'react-router-dom';
import { failureMessage } from '@/api/failures';
import type { SchemaSystem } from '@/api/generated/systems';
import { PageHeading } from '@/ui/FormPage';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { codeLabel, formatDate, formatMoney, MONEY_OPTIONS } from '@/ui/format';
import { StatusMoves, useStatusUpdate } from '@/ui/StatusMoves';
import { PlanningStatusFinal, PlanningStatusTransitions } from '@/api/generated/planner.rules';
import { formatPeriod } from './period';
import { PlanningMap, type MapPoint } from './PlanningMap';
import { STATUS_LABELS, SYSTEM_TYPE_LABELS, type Planning, type PlanningItem } from './shared';
import { useBookedSystems } from './useBookedSystems';
import { DateText } from '@/ui/ListPage';
import { SharePanel } from '@/pages/shared/EstimateSharePanel';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const itemColumns: ExportColumn<PlanningItem>[] = [
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

/** The booked systems: a list of the planning's items, each system by its code and address. */
function BookedItems({ planningId }: { planningId: number }) {
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
        <DataTable.Col source="systemId">
          <ReferenceField source="systemId" reference="systems" link={false} />
        </DataTable.Col>
        <DataTable.Col source="address" label="resources.plannings.system.address" disableSort>
          <ReferenceField source="systemId" reference="systems" link={false}>
            <FunctionField<SchemaSystem> render={(s) => `${s.address}, ${s.municipality.name}`} />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="systemType" label="resources.plannings.system.type" disableSort>
          <ReferenceField source="systemId" reference="systems" link={false}>
            <FunctionField<SchemaSystem> render={(s) => codeLabel(SYSTEM_TYPE_LABELS, s.systemType)} />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="periodStart" field={DateText} />
        <DataTable.Col source="periodEnd" field={DateText} />
        <DataTable.NumberCol source="price" options={MONEY_OPTIONS} locales="it-IT" />
      </DataTable>
    </List>
  );
}

/** The planning's status and the moves its rules allow (the page is the admin's, who may move it). */
function PlanningStatus({ planning }: { planning: Planning }) {
  const { move, pending } = useStatusUpdate('plannings', planning, STATUS_LABELS);
  return (
    <StatusMoves
      current={planning.status}
      transitions={PlanningStatusTransitions}
      final={PlanningStatusFinal}
      labels={STATUS_LABELS}
      name={planning.name}
      canMove
      pending={pending}
      onMove={(to) => void move(to)}
      testId="planning-status"
    />
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
                {translate('resources.plannings.totals', {
                  systems: planning.totals.systems,
                  amount: formatMoney(planning.totals.amount),
                })}
              </Typography>
            </Grid>
          </Grid>
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
      <BookedItems planningId={planningId} />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <SharePanel resourceType="planning" resourceId={planningId} />
        </CardContent>
      </Card>
    </RecordContextProvider>
  );
}
