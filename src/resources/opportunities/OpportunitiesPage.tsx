import { Alert, Box, Button, Card, CardContent, Chip, Drawer, Typography, Link as MuiLink } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  AutocompleteInput,
  DataTable,
  ListBase,
  ReferenceInput,
  SearchInput,
  SelectInput,
  FilterButton,
  TopToolbar,
  useCanAccess,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { OPPORTUNITY_LIST_DEFAULTS } from '@/config/constants';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { codeLabel, formatDate, formatMoney, MONEY_OPTIONS } from '@/ui/format';
import { estimateEditorPath, newEstimatePath } from '@/ui/estimatePaths';
import { DateText, EmptyText, ListPage } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const STATUSES = ['new', 'qualified', 'proposal', 'won', 'lost'];
const SOURCES = ['manual', 'mediamonitor'];

function OpportunityDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne('opportunities', { id });
  const { canAccess: canEstimate } = useCanAccess({ resource: 'estimates', action: 'create' });
  const { canAccess: canListEstimates } = useCanAccess({ resource: 'estimates', action: 'list' });
  const { canAccess: canAdvertiser } = useCanAccess({ resource: 'advertisers', action: 'show' });
  const t = (k: string) => translate(`resources.opportunities.fields.${k}`);
  return (
    <Box sx={{ width: { xs: '100vw', sm: 560 }, p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} role="region" aria-label={translate('resources.opportunities.detail')}>
      <Button onClick={onClose} sx={{ alignSelf: 'flex-start' }}>{translate('ra.action.close')}</Button>
      {error ? <Alert severity="error">{error instanceof Error ? error.message : String(error)}</Alert> : null}
      {isPending || !data ? null : (
        <>
          <Typography variant="h6" component="h2">{String(data.name)}</Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
            <Typography variant="body2" color="text.secondary">{t('advertiserName')}</Typography>
            <Typography variant="body2">
              {canAdvertiser ? <MuiLink component={RouterLink} to={`/advertisers/${String(data.advertiserId)}`}>{String(data.advertiserName)}</MuiLink> : String(data.advertiserName)}
            </Typography>
            <Typography variant="body2" color="text.secondary">{t('salesName')}</Typography>
            <Typography variant="body2">{String(data.salesName)}</Typography>
            <Typography variant="body2" color="text.secondary">{t('status')}</Typography>
            <Box><Chip size="small" label={translate(`resources.opportunities.status.${String(data.status)}`)} /></Box>
            <Typography variant="body2" color="text.secondary">{t('amount')}</Typography>
            <Typography variant="body2">{formatMoney(data.amount)}</Typography>
            <Typography variant="body2" color="text.secondary">{t('expectedCloseDate')}</Typography>
            <Typography variant="body2">{formatDate(data.expectedCloseDate)}</Typography>
            <Typography variant="body2" color="text.secondary">{t('source')}</Typography>
            <Typography variant="body2">{translate(`resources.opportunities.source.${String(data.source)}`)}</Typography>
          </Box>
          {canListEstimates ? (<>
          <Typography variant="subtitle1" component="h3">{translate('resources.estimates.name', { smart_count: 2 })}</Typography>
          <ListBase resource="estimates" filter={{ opportunityId: id }} perPage={50} disableSyncWithLocation>
            <DataTable
              rowClick={canEstimate ? (eid) => estimateEditorPath(eid) : false}
              bulkActionButtons={false}
              empty={<Typography variant="body2" sx={{ p: 1 }}>{translate('resources.opportunities.no_estimates')}</Typography>}
            >
              <DataTable.Col source="name" disableSort label="resources.estimates.fields.name" />
              <DataTable.Col source="status" disableSort label="resources.estimates.fields.status" render={(r) => codeLabel('resources.estimates.status', r.status)} />
              <DataTable.Col source="total" disableSort label="resources.estimates.fields.total" render={(r) => formatMoney(r.total)} />
            </DataTable>
          </ListBase>
          </>) : null}
          {canEstimate ? (
            <Button variant="contained" component={RouterLink} to={newEstimatePath(id)} startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }}>
              {translate('resources.opportunities.new_estimate')}
            </Button>
          ) : null}
        </>
      )}
    </Box>
  );
}

/** The export: names, Italian labels and dates. */
const exportColumns: ExportColumn[] = [
  { label: 'resources.opportunities.fields.name', value: (o) => o.name },
  { label: 'resources.opportunities.fields.advertiserName', value: (o) => o.advertiserName },
  { label: 'resources.opportunities.fields.salesName', value: (o) => o.salesName },
  { label: 'resources.opportunities.fields.status', value: (o) => codeLabel('resources.opportunities.status', o.status) },
  { label: 'resources.opportunities.fields.amount', value: (o) => o.amount },
  { label: 'resources.opportunities.fields.expectedCloseDate', value: (o) => formatDate(o.expectedCloseDate) },
  { label: 'resources.opportunities.fields.source', value: (o) => codeLabel('resources.opportunities.source', o.source) },
  { label: 'resources.opportunities.fields.createdAt', value: (o) => formatDate(o.createdAt) },
];

const Actions = () => (
  <TopToolbar>
    <ListViewButtons />
    <FilterButton />
    <ExportAllButton columns={exportColumns} fileName="opportunita" />
  </TopToolbar>
);

/** /opportunities (every role): paged, sorted and filtered list; ?id=… opens the detail with its advertiser and estimates. */
export default function OpportunitiesPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('id');
    setParams(next);
  };
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.opportunities.search')} />,
    <SelectInput key="status" source="status" choices={STATUSES.map((s) => ({ id: s, name: `resources.opportunities.status.${s}` }))} alwaysOn />,
    <SelectInput key="source" source="source" choices={SOURCES.map((s) => ({ id: s, name: `resources.opportunities.source.${s}` }))} />,
    <ReferenceInput key="advertiserId" source="advertiserId" reference="advertisers">
      <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} label="resources.opportunities.fields.advertiserName" />
    </ReferenceInput>,
  ];
  return (
    <>
      <ListPage
        heading={translate('resources.opportunities.name', { smart_count: 2 })}
        resource="opportunities"
        actions={<Actions />}
        filters={filters}
        perPage={OPPORTUNITY_LIST_DEFAULTS.perPage}
        sort={{ field: 'createdAt', order: OPPORTUNITY_LIST_DEFAULTS.sort }}
        rowsPerPage={[10, 25, 50]}
      >
        <DataTable
          rowClick={(rid) => {
            const next = new URLSearchParams(params);
            next.set('id', String(rid));
            setParams(next);
            return false;
          }}
          bulkActionButtons={false}
          empty={<EmptyText message="resources.opportunities.empty" />}
        >
          <DataTable.Col source="name" />
          <DataTable.Col source="advertiserName" />
          <DataTable.Col source="salesName" />
          <DataTable.Col source="status" render={(r) => translate(`resources.opportunities.status.${String(r.status)}`)} />
          <DataTable.NumberCol source="amount" options={MONEY_OPTIONS} locales="it-IT" />
          <DataTable.Col source="expectedCloseDate" field={DateText} />
          <DataTable.Col source="createdAt" field={DateText} />
        </DataTable>
      </ListPage>
      <Drawer anchor="right" open={Number.isInteger(id) && id > 0} onClose={close}>
        {id > 0 ? (
          <Card elevation={0}>
            <CardContent>
              <OpportunityDetail id={id} onClose={close} />
            </CardContent>
          </Card>
        ) : null}
      </Drawer>
    </>
  );
}
