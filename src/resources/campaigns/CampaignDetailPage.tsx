import { ProofOfPosting } from '@/pages/shared/ProofOfPosting';
import { AppSimpleForm } from '@/forms/unsavedChanges';
import { useState } from 'react';
import EditIcon from '@mui/icons-material/Edit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Grid,
  IconButton,
  List as MuiList,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Tab,
  Tabs,
  Typography,
  Link as MuiLink,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  AutocompleteInput,
  DeleteWithConfirmButton,
  FunctionField,
  Loading,
  RecordContextProvider,
  ReferenceField,
  SaveButton,
  SelectInput,
  Title,
  useCanAccess,
  useCreate,
  useDataProvider,
  useDelete,
  useGetManyReference,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type {
  SchemaCampaignAttachment as CampaignAttachment,
  SchemaCampaignMember as CampaignMember,
  SchemaMemberCandidate as MemberCandidate,
} from '@/api/generated/campaign';
import { ROLES } from '@/auth/permissions';
import type { AppDataProvider } from '@/dataProviders';
import { codeLabel, formatDate, formatMoney } from '@/ui/format';
import { changeText, whenText, whoText, type HistoryFormat } from '@/ui/historyText';
import { useFailure } from '@/ui/useFailure';
import { failureMessage } from '@/api/failures';
import { FileTable } from '@/ui/FileTable';
import { mayOpen } from '@/ui/mayOpen';
import { StateMessage } from '@/ui/StateMessage';
import { UploadBox } from '@/ui/UploadBox';
import { StatusMoves, useStatusUpdate } from '@/ui/StatusMoves';
import { CampaignStatusFinal, CampaignStatusTransitions } from '@/api/generated/campaign.rules';
import { STATUS_LABELS, type Campaign } from './shared';
import { SharePanelIfAllowed } from '@/pages/shared/EstimateSharePanel';
import { ProofOfPlay } from './ProofOfPlay';
import { CampaignDelivery } from './CampaignDelivery';

const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.docx,.xlsx,.pptx';
const STAFF = ROLES.filter((r) => r !== 'ROLE_GUEST');

/** The campaign's status and the moves its rules allow. */
function CampaignStatus({ campaign }: { campaign: Campaign }) {
  const { move, pending } = useStatusUpdate('campaigns', campaign, STATUS_LABELS);
  return (
    <StatusMoves
      current={campaign.status}
      transitions={CampaignStatusTransitions}
      final={CampaignStatusFinal}
      labels={STATUS_LABELS}
      name={campaign.name}
      canMove={mayOpen(`/campaigns/${campaign.id}/edit`)}
      pending={pending}
      onMove={(to) => void move(to)}
      testId="campaign-status"
    />
  );
}

/** The statuses a campaign may be deleted in (its members and attachments go with it). */
const DELETABLE: readonly string[] = ['planned', 'cancelled'];

function Overview({ campaign }: { campaign: Campaign }) {
  const translate = useTranslate();
  const fields: Array<[string, React.ReactNode]> = [
    ['advertiserId', <ReferenceField key="a" source="advertiserId" reference="advertisers" link={false} />],
    [
      'orderId',
      campaign.orderId ? (
        <MuiLink component={RouterLink} to={`/orders/orderVisualizer?id=${campaign.orderId}`}>
          {/* The order by its code (ORD-…), never its id. */}
          <ReferenceField source="orderId" reference="orders" link={false}>
            <FunctionField<{ code?: string }> render={(o) => o.code ?? ''} />
          </ReferenceField>
        </MuiLink>
      ) : (
        '—'
      ),
    ],
    ['period', `${formatDate(campaign.periodStart)} – ${formatDate(campaign.periodEnd)}`],
    ['status', <CampaignStatus key="s" campaign={campaign} />],
    ['budget', formatMoney(campaign.budget)],
    ['description', campaign.description ?? '—'],
  ];
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Button
          component={RouterLink}
          to={`/campaigns/${campaign.id}/edit`}
          startIcon={<EditIcon />}
          variant="outlined"
        >
          {translate('ra.action.edit')}
        </Button>
        {DELETABLE.includes(campaign.status) && mayOpen(`/campaigns/${campaign.id}/edit`) ? (
          <DeleteWithConfirmButton
            record={campaign}
            resource="campaigns"
            mutationMode="pessimistic"
            redirect="/campaigns"
            confirmTitle="resources.campaigns.delete_title"
            confirmContent="resources.campaigns.delete_confirm"
            translateOptions={{ name: campaign.name }}
            sx={{ ml: 1 }}
          />
        ) : null}
      </Grid>
      {fields.map(([field, value]) => (
        <Grid key={field} size={{ xs: 12, sm: 6, md: 4 }}>
          <Typography variant="caption" color="text.secondary">
            {translate(`resources.campaigns.fields.${field}`)}
          </Typography>
          <Typography component="div">{value}</Typography>
        </Grid>
      ))}
      {mayOpen(`/campaigns/${campaign.id}/creatives`) && (
        <Grid size={12}>
          <Button component={RouterLink} to={`/campaigns/${campaign.id}/creatives`} variant="outlined">
            {translate('resources.creatives.open')}
          </Button>
        </Grid>
      )}
    </Grid>
  );
}

/** A member by first name and surname when the candidates name them, else by username. */
function personName(candidates: readonly MemberCandidate[] | undefined, username: string): string {
  const person = candidates?.find((c) => c.username === username);
  return person ? `${person.name} ${person.surname}`.trim() : username;
}

function Members({ campaignId }: { campaignId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useGetManyReference<CampaignMember>('campaignMembers', {
    target: 'campaignId',
    id: campaignId,
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'username', order: 'ASC' },
  });
  const queryClient = useQueryClient();
  const [formKey, setFormKey] = useState(0);
  const [create] = useCreate();
  const [remove] = useDelete();
  // The picker lists the staff who may be assigned (the campaign service's candidates), by name.
  const candidates = useQuery({
    queryKey: ['campaignMembers', 'candidates'],
    queryFn: () => dataProvider.memberCandidates('campaignMembers'),
  });
  const submit = async (values: Record<string, unknown>) => {
    const username = String(values.username);
    await create(
      'campaignMembers',
      { data: { campaignId, username, role: values.role } },
      {
        onSuccess: () => {
          notify('resources.campaigns.members.added', {
            type: 'success',
            messageArgs: { username },
          });
          void queryClient.invalidateQueries({ queryKey: ['campaignMembers'] });
          setFormKey((k) => k + 1); // a fresh, empty picker for the next member
        },
        onError: failure,
      },
    );
  };
  return (
    <Box>
      {isPending ? (
        <Loading />
      ) : (
        <StateMessage
          error={error}
          empty={data?.length ? undefined : translate('resources.campaigns.members.empty')}
        >
          <MuiList dense aria-label={translate('resources.campaigns.tabs.members')}>
            {(data ?? []).map((m) => (
              <ListItem
                key={m.id}
                secondaryAction={
                  <IconButton
                    aria-label={translate('resources.campaigns.members.remove', { username: personName(candidates.data, m.username) })}
                    onClick={() =>
                      void remove('campaignMembers', { id: m.id, previousData: m }, { onError: failure })
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={personName(candidates.data, m.username)}
                  secondary={translate(`resources.campaigns.roles.${m.role}`)}
                />
              </ListItem>
            ))}
          </MuiList>
        </StateMessage>
      )}
      <AppSimpleForm
        key={formKey}
        record={{ role: 'ROLE_DESIGNER' }}
        onSubmit={submit}
        toolbar={false}
        sx={{ p: 0 }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mt: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <AutocompleteInput
            source="username"
            label="resources.campaigns.members_pick"
            choices={(candidates.data ?? []).map((c) => ({
              id: c.username,
              name: `${`${c.name} ${c.surname}`.trim()} (${c.username})`,
            }))}
            isPending={candidates.isPending}
            translateChoice={false}
            fullWidth={false}
            isRequired
            sx={{ width: 300 }}
            validate={(v: unknown) => (v ? undefined : 'ra.validation.required')}
          />
          <SelectInput
            source="role"
            label="resources.campaignMembers.fields.role"
            fullWidth={false}
            choices={STAFF.map((r) => ({ id: r, name: `resources.campaigns.roles.${r}` }))}
            sx={{ minWidth: 220 }}
          />
          <SaveButton label="resources.campaigns.members.add" icon={<span />} sx={{ mt: 1 }} />
        </Stack>
      </AppSimpleForm>
    </Box>
  );
}

function History({ campaignId }: { campaignId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: entries, error } = useQuery({
    queryKey: ['campaigns', 'campaignHistory', campaignId],
    queryFn: () => dataProvider.campaignHistory('campaigns', { id: campaignId }),
  });
  if (error) return <StateMessage error={error} />;
  if (!entries) return <Loading />;
  if (!entries.length) return <StateMessage empty={translate('resources.campaigns.history.empty')} />;
  const format: HistoryFormat = {
    fieldLabel: (field) => translate(`resources.campaigns.fields.${field}`, { _: field }),
    codes: { status: (code) => codeLabel(STATUS_LABELS, code) },
    money: ['budget'],
  };
  return (
    <MuiList dense aria-label={translate('resources.campaigns.tabs.history')} data-testid="campaign-history">
      {entries.map((h) => (
        <ListItem key={h.id} divider>
          <ListItemText
            primary={`${whenText(h.timestamp)} · ${whoText(h)} · ${translate(`resources.campaigns.history.actions.${h.action}`)}`}
            secondary={h.changes
              .map((c) => changeText(c, format))
              .join('; ')}
          />
        </ListItem>
      ))}
    </MuiList>
  );
}

function Attachments({ campaignId }: { campaignId: number }) {
  const translate = useTranslate();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const download = useMutation({
    mutationFn: (attachment: Pick<CampaignAttachment, 'id' | 'fileName'>) =>
      dataProvider.downloadCampaignAttachment('campaignAttachments', { attachment }),
    onError: failure,
  });
  const { data, isPending, error } = useGetManyReference<CampaignAttachment>('campaignAttachments', {
    target: 'campaignId',
    id: campaignId,
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'uploadedAt', order: 'DESC' },
  });
  const [remove] = useDelete();
  return (
    <Box>
      <UploadBox
        label={translate('resources.campaigns.attachments.upload')}
        accept={ATTACHMENT_ACCEPT}
        upload={(file, onProgress) =>
          dataProvider.uploadCampaignAttachment('campaignAttachments', { campaignId, file, onProgress })
        }
        onDone={() => void queryClient.invalidateQueries({ queryKey: ['campaignAttachments'] })}
      />
      {isPending ? (
        <Loading />
      ) : (
        <StateMessage
          error={error}
          empty={data?.length ? undefined : translate('resources.campaigns.attachments.empty')}
        >
          <FileTable
            label={translate('resources.campaigns.tabs.attachments')}
            rows={data ?? []}
            onDownload={(a) => download.mutateAsync(a)}
            onDelete={(a) =>
              void remove('campaignAttachments', { id: a.id, previousData: a }, { onError: failure })
            }
          />
        </StateMessage>
      )}
    </Box>
  );
}

const TABS = ['overview', 'members', 'history', 'attachments', 'proof', 'delivery', 'playProof'] as const;
/** Tabs whose label lives outside the campaign's messages. */
const TAB_LABELS: Partial<Record<(typeof TABS)[number], string>> = { playProof: 'resources.proofOfPlay.tab' };

/** /campaigns/:id: overview, members, history and attachments of a campaign. */
export default function CampaignDetailPage() {
  const { id } = useParams();
  const campaignId = Number(id);
  const translate = useTranslate();
  const [tab, setTab] = useState<(typeof TABS)[number]>('overview');
  const { canAccess: mayReadPlays } = useCanAccess({ resource: 'campaigns', action: 'proofOfPlay' });
  const { canAccess: seesDelivery } = useCanAccess({ resource: 'campaigns', action: 'delivery' });
  const tabs = TABS.filter((t) => (t !== 'playProof' || mayReadPlays) && (t !== 'delivery' || seesDelivery));
  const {
    data: campaign,
    isPending,
    error,
  } = useGetOne<Campaign>('campaigns', { id: campaignId }, { enabled: Number.isInteger(campaignId) });
  const valid = Number.isInteger(campaignId);
  if (valid && isPending) return <Loading />;
  if (!valid || error || !campaign)
    return (
      <Box sx={{ mt: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {translate('resources.campaigns.name', { smart_count: 1 })}
        </Typography>
        <Alert severity="error">
          {failureMessage(error ?? new Error(translate('ra.notification.item_doesnt_exist')))}
        </Alert>
      </Box>
    );
  return (
    <RecordContextProvider value={campaign}>
      <Paper sx={{ mt: 2, p: 2 }}>
        <Title title={campaign.name} />
        <Typography variant="h5" component="h1">
          {campaign.name}
        </Typography>
        <Tabs value={tab} onChange={(_e, v: (typeof TABS)[number]) => setTab(v)} sx={{ mb: 2 }}>
          {tabs.map((t) => (
            <Tab key={t} value={t} label={translate(TAB_LABELS[t] ?? `resources.campaigns.tabs.${t}`)} />
          ))}
        </Tabs>
        {tab === 'overview' && (
          <>
            <Overview campaign={campaign} />
            <Box sx={{ mt: 3 }}>
              <SharePanelIfAllowed resourceType="campaign" resourceId={campaignId} />
            </Box>
          </>
        )}
        {tab === 'members' && <Members campaignId={campaignId} />}
        {tab === 'history' && <History campaignId={campaignId} />}
        {tab === 'attachments' && <Attachments campaignId={campaignId} />}
        {tab === 'proof' && <ProofOfPosting campaignId={campaignId} />}
        {tab === 'delivery' && seesDelivery && <CampaignDelivery campaignId={campaignId} />}
        {tab === 'playProof' && mayReadPlays && <ProofOfPlay campaignId={campaignId} />}
      </Paper>
    </RecordContextProvider>
  );
}
