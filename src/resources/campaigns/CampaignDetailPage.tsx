import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Grid,
  IconButton,
  List as MuiList,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Confirm,
  Loading,
  Title,
  useCreate,
  useDelete,
  useGetManyReference,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { SchemaHistoryEntry } from '@/api/generated/history';
import { ROLES } from '@/auth/permissions';
import { useUnsavedChangesGuard } from '@/forms/unsavedChanges';
import {
  campaignHistory,
  downloadCampaignAttachment,
  uploadCampaignAttachment,
  type Campaign,
  type CampaignAttachment,
  type CampaignMember,
} from '@/dataProviders/campaigns';
import { errorMessage, euro, mayOpen, period, StateMessage, UploadBox } from '../orders/common';
import { FileTable } from '../orders/OrderDocumentsPage';

const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.docx,.xlsx,.pptx';
const STAFF = ROLES.filter((r) => r !== 'ROLE_GUEST');

function Overview({ campaign }: { campaign: Campaign }) {
  const translate = useTranslate();
  const fields: Array<[string, React.ReactNode]> = [
    ['advertiserId', String(campaign.advertiserId)],
    [
      'orderId',
      campaign.orderId ? (
        <RouterLink to={`/orders/orderVisualizer?id=${campaign.orderId}`}>{campaign.orderId}</RouterLink>
      ) : (
        '—'
      ),
    ],
    ['period', period(campaign.periodStart, campaign.periodEnd)],
    ['status', translate(`resources.campaigns.status.${campaign.status}`)],
    ['budget', euro(campaign.budget)],
    ['description', campaign.description ?? '—'],
  ];
  return (
    <Grid container spacing={2}>
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

function Members({ campaignId }: { campaignId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, isPending, error, refetch } = useGetManyReference<CampaignMember>('campaignMembers', {
    target: 'campaignId',
    id: campaignId,
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'username', order: 'ASC' },
  });
  const [create, { isPending: saving }] = useCreate();
  const [remove] = useDelete();
  const [form, setForm] = useState({ username: '', role: 'ROLE_DESIGNER' });
  const { guard } = useUnsavedChangesGuard(Boolean(form.username.trim()));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void create(
      'campaignMembers',
      { data: { campaignId, username: form.username.trim(), role: form.role } },
      {
        onSuccess: () => {
          notify('resources.campaigns.members.added', {
            type: 'success',
            messageArgs: { username: form.username },
          });
          setForm({ ...form, username: '' });
          void refetch();
        },
        // the form keeps its values, the service's message (e.g. a duplicate, 409) is shown
        onError: (err) =>
          notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(err, translate('resources.orders.errors.save')) } }),
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
                    aria-label={translate('resources.campaigns.members.remove', { username: m.username })}
                    onClick={() =>
                      void remove(
                        'campaignMembers',
                        { id: m.id, previousData: m },
                        {
                          onSuccess: () => void refetch(),
                          onError: (err) => notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(err, '') } }),
                        },
                      )
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={m.username}
                  secondary={translate(`resources.campaigns.roles.${m.role}`)}
                />
              </ListItem>
            ))}
          </MuiList>
        </StateMessage>
      )}
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mt: 2 }}
        onSubmit={submit}
      >
        {guard}
        <TextField
          required
          size="small"
          label={translate('resources.campaignMembers.fields.username')}
          value={form.username}
          onChange={(e) => setForm({ ...form, username: e.target.value })}
        />
        <TextField
          select
          size="small"
          sx={{ minWidth: 220 }}
          label={translate('resources.campaignMembers.fields.role')}
          value={form.role}
          onChange={(e) => setForm({ ...form, role: e.target.value })}
        >
          {STAFF.map((r) => (
            <MenuItem key={r} value={r}>
              {translate(`resources.campaigns.roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={!form.username.trim() || saving}>
          {translate('resources.campaigns.members.add')}
        </Button>
      </Stack>
    </Box>
  );
}

function History({ campaignId }: { campaignId: number }) {
  const translate = useTranslate();
  const [entries, setEntries] = useState<SchemaHistoryEntry[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    campaignHistory(campaignId).then(setEntries).catch(setError);
  }, [campaignId]);
  if (error) return <StateMessage error={error} />;
  if (!entries) return <Loading />;
  if (!entries.length) return <StateMessage empty={translate('resources.campaigns.history.empty')} />;
  return (
    <MuiList dense aria-label={translate('resources.campaigns.tabs.history')} data-testid="campaign-history">
      {entries.map((h) => (
        <ListItem key={h.id} divider>
          <ListItemText
            primary={`${new Date(h.timestamp).toLocaleString('it-IT')} · ${h.username} · ${translate(`resources.campaigns.history.actions.${h.action}`)}`}
            secondary={h.changes
              .map(
                (c) =>
                  `${c.field}: ${c.oldValue === null ? '' : `${String(c.oldValue)} → `}${c.newValue === null ? '—' : String(c.newValue)}`,
              )
              .join('; ')}
          />
        </ListItem>
      ))}
    </MuiList>
  );
}

function Attachments({ campaignId }: { campaignId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, isPending, error, refetch } = useGetManyReference<CampaignAttachment>('campaignAttachments', {
    target: 'campaignId',
    id: campaignId,
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'uploadedAt', order: 'DESC' },
  });
  const [remove] = useDelete();
  const [toDelete, setToDelete] = useState<{ id: number; fileName: string } | null>(null);
  return (
    <Box>
      <UploadBox
        label={translate('resources.campaigns.attachments.upload')}
        accept={ATTACHMENT_ACCEPT}
        upload={(file, p) => uploadCampaignAttachment(campaignId, file, p)}
        onDone={() => void refetch()}
      />
      {isPending ? (
        <Loading />
      ) : (
        <StateMessage
          error={error}
          empty={data?.length ? undefined : translate('resources.campaigns.attachments.empty')}
        >
          <FileTable rows={data ?? []} onDownload={downloadCampaignAttachment} onDelete={setToDelete} />
        </StateMessage>
      )}
      <Confirm
        isOpen={toDelete !== null}
        title={translate('resources.orders.documents.confirmTitle')}
        content={translate('resources.orders.documents.confirmContent', { name: toDelete?.fileName ?? '' })}
        onConfirm={() => {
          if (toDelete)
            void remove(
              'campaignAttachments',
              { id: toDelete.id, previousData: toDelete },
              {
                onSuccess: () => void refetch(),
                onError: (err) => notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(err, '') } }),
              },
            );
          setToDelete(null);
        }}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}

const TABS = ['overview', 'members', 'history', 'attachments'] as const;

/** /campaigns/:id: overview, members, history and attachments of a campaign. */
export default function CampaignDetailPage() {
  const { id } = useParams();
  const campaignId = Number(id);
  const translate = useTranslate();
  const [tab, setTab] = useState<(typeof TABS)[number]>('overview');
  const {
    data: campaign,
    isPending,
    error,
  } = useGetOne<Campaign>('campaigns', { id: campaignId }, { enabled: Number.isInteger(campaignId) });
  if (isPending) return <Loading />;
  if (error || !campaign)
    return <Alert severity="error">{errorMessage(error, translate('resources.orders.errors.load'))}</Alert>;
  return (
    <Paper sx={{ mt: 2, p: 2 }}>
      <Title title={campaign.name} />
      <Typography variant="h5" component="h1">
        {campaign.name}
      </Typography>
      <Tabs value={tab} onChange={(_e, v: (typeof TABS)[number]) => setTab(v)} sx={{ mb: 2 }}>
        {TABS.map((t) => (
          <Tab key={t} value={t} label={translate(`resources.campaigns.tabs.${t}`)} />
        ))}
      </Tabs>
      {tab === 'overview' && <Overview campaign={campaign} />}
      {tab === 'members' && <Members campaignId={campaignId} />}
      {tab === 'history' && <History campaignId={campaignId} />}
      {tab === 'attachments' && <Attachments campaignId={campaignId} />}
    </Paper>
  );
}
