import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, IconButton, List, ListItem, ListItemText, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import RefreshIcon from '@mui/icons-material/Autorenew';
import SendIcon from '@mui/icons-material/Send';
import ShareIcon from '@mui/icons-material/Share';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { SchemaResourceType, SchemaShare } from '@/api/generated/share';
import { isShareRefusal, sharesDataProvider } from '@/dataProviders/shares';
import { useUnsavedChangesGuard } from '@/forms/unsavedChanges';
import { useNotifyError } from '@/resources/advertisers/notify';

/** The full address of a share's viewer page. */
export const shareLinkOf = (share: Pick<SchemaShare, 'resourceType' | 'resourceId' | 'token'>) =>
  `${window.location.origin}/resource/${share.resourceType}/${share.resourceId}/token/${share.token}/view`;

function SendLink({ share, onSent }: { share: SchemaShare; onSent: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [to, setTo] = useState('');
  const { guard } = useUnsavedChangesGuard(Boolean(to.trim()));
  const [busy, setBusy] = useState(false);
  const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to.trim());
  const send = async () => {
    setBusy(true);
    try {
      const sent = await sharesDataProvider.sendLink(share.id, { to: to.trim() });
      // Spec §8: a 422 of the share service is the result, shown as the service says it.
      if (isShareRefusal(sent)) {
        notify(sent.message, { type: 'warning' });
        return;
      }
      notify('resources.shares.sent', { type: 'success', messageArgs: { to: to.trim() } });
      setTo('');
      onSent();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); if (valid) void send(); }} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      {guard}
      <TextField size="small" type="email" label={translate('resources.shares.fields.to')} value={to} onChange={(e) => setTo(e.target.value)} />
      <Button type="submit" size="small" startIcon={<SendIcon />} disabled={!valid || busy}>
        {translate('resources.shares.send')}
      </Button>
    </Box>
  );
}

/** Shares of a resource (an estimate): create, regenerate, delete, and send the link by mail. */
export function SharePanel({ resourceType, resourceId }: { resourceType: SchemaResourceType; resourceId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [shares, setShares] = useState<SchemaShare[]>();
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState<SchemaShare>();
  const load = useCallback(() => {
    sharesDataProvider
      .getList('shares', { filter: { resourceType, resourceId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'DESC' } })
      .then((r) => {
        setShares(r.data as SchemaShare[]);
        setError(undefined);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [resourceType, resourceId]);
  useEffect(load, [load]);

  const run = async (work: () => Promise<{ data: unknown }>, message: string) => {
    try {
      const { data } = await work();
      // Spec §8: a 422 of the share service is the result, shown as the service says it.
      if (isShareRefusal(data)) {
        notify(data.message, { type: 'warning' });
        return;
      }
      notify(message, { type: 'success' });
      load();
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <Box component="section" aria-label={translate('resources.shares.title')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h2">{translate('resources.shares.title')}</Typography>
        <Button
          size="small"
          startIcon={<ShareIcon />}
          onClick={() => void run(() => sharesDataProvider.create('shares', { data: { resourceType, resourceId } }), 'resources.shares.created')}
        >
          {translate('resources.shares.create')}
        </Button>
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {shares && !shares.length ? <Typography variant="body2" color="text.secondary">{translate('resources.shares.empty')}</Typography> : null}
      <List dense disablePadding>
        {(shares ?? []).map((share) => (
          <ListItem key={share.id} divider sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <ListItemText
                primary={<a href={shareLinkOf(share)} target="_blank" rel="noreferrer" data-testid="share-link">{shareLinkOf(share)}</a>}
                secondary={`${translate('resources.shares.created_by', { user: share.createdBy })}${share.expiresAt ? ` · ${translate('resources.shares.expires', { date: new Date(share.expiresAt).toLocaleString('it-IT') })}` : ''}`}
                sx={{ wordBreak: 'break-all' }}
              />
              <Tooltip title={translate('resources.shares.regenerate')}>
                <IconButton aria-label={translate('resources.shares.regenerate')} onClick={() => void run(() => sharesDataProvider.update('shares', { id: share.id, data: { regenerateToken: true }, previousData: share }), 'resources.shares.updated')}>
                  <RefreshIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={translate('ra.action.delete')}>
                <IconButton aria-label={translate('resources.shares.delete')} color="error" onClick={() => setDeleting(share)}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </Stack>
            <SendLink share={share} onSent={load} />
          </ListItem>
        ))}
      </List>
      <Confirm
        isOpen={Boolean(deleting)}
        title="resources.shares.delete_title"
        content="resources.shares.delete_content"
        onConfirm={() => {
          const share = deleting;
          setDeleting(undefined);
          if (share) void run(() => sharesDataProvider.delete('shares', { id: share.id, previousData: share }), 'resources.shares.deleted');
        }}
        onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
}
