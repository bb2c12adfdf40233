import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, IconButton, List, ListItem, ListItemText, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import RefreshIcon from '@mui/icons-material/Autorenew';
import SendIcon from '@mui/icons-material/Send';
import ShareIcon from '@mui/icons-material/Share';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, useCanAccess, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { SchemaResourceType, SchemaShare } from '@/api/generated/share';
import { failureMessage } from '@/api/failures';
import { isShareRefusal, type AppDataProvider, type ShareRefusal } from '@/dataProviders';
import { useUnsavedChangesGuard } from '@/forms/unsavedChanges';
import { formatDate } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { dayOfExpiry, expiryOfDay } from './expiry';

/**
 * A share write's outcome: the share service's 422 body is the result, shown as the service says it;
 * otherwise the success message, and the resource's shares are read again.
 */
function useShareWrite<A>(write: (args: A) => Promise<unknown>, onDone?: () => void, onRefused?: (refusal: ShareRefusal) => boolean) {
  const notify = useNotify();
  const failure = useFailure();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ args }: { args: A; message: string; messageArgs?: Record<string, unknown> }) => write(args),
    onSuccess: (result, { message, messageArgs }) => {
      if (isShareRefusal(result)) {
        // A refusal the form shows under its field needs no notification as well.
        if (!onRefused?.(result)) notify(result.message, { type: 'warning', messageArgs: { _: result.message } });
        return;
      }
      notify(message, { type: 'success', messageArgs });
      onDone?.();
      return queryClient.invalidateQueries({ queryKey: ['shares'] });
    },
    onError: failure,
  });
}

/** The full address of a share's viewer page. */
const shareLinkOf = (share: Pick<SchemaShare, 'resourceType' | 'resourceId' | 'token'>) =>
  `${window.location.origin}/resource/${share.resourceType}/${share.resourceId}/token/${share.token}/view`;

function SendLink({ share }: { share: SchemaShare }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [to, setTo] = useState('');
  const { guard } = useUnsavedChangesGuard(Boolean(to.trim()));
  const sending = useShareWrite((address: string) => dataProvider.sendShareLink('shares', { id: share.id, input: { to: address } }), () => setTo(''));
  const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to.trim());
  const send = () => sending.mutate({ args: to.trim(), message: 'resources.shares.sent', messageArgs: { to: to.trim() } });
  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); if (valid) send(); }} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      {guard}
      <TextField size="small" type="email" label={translate('resources.shares.fields.to')} value={to} onChange={(e) => setTo(e.target.value)} />
      <Button type="submit" size="small" startIcon={<SendIcon />} disabled={!valid || sending.isPending}>
        {translate('resources.shares.send')}
      </Button>
    </Box>
  );
}

/**
 * Sets, changes or removes a link's expiry (a day; empty: never expires). An expiry in the past is
 * refused by the service (422) and shown under the field.
 */
function ExpiryForm({ share }: { share: SchemaShare }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const saved = dayOfExpiry(share.expiresAt);
  const [day, setDay] = useState(saved);
  const [refused, setRefused] = useState<string>();
  const { guard } = useUnsavedChangesGuard(day !== saved);
  const saving = useShareWrite(
    (value: string) => dataProvider.update('shares', { id: share.id, data: { expiresAt: expiryOfDay(value) }, previousData: share }).then((r) => r.data),
    () => setRefused(undefined),
    (refusal) => {
      const onField = refusal.errors?.some((e) => e.path === '/body/expiresAt');
      if (onField) setRefused(refusal.message);
      return Boolean(onField);
    },
  );
  const id = `share-${share.id}-expiry`;
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        saving.mutate({ args: day, message: 'resources.shares.expiry.saved' });
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      {guard}
      <TextField
        id={id}
        size="small"
        type="date"
        label={translate('resources.shares.expiry.label')}
        value={day}
        onChange={(e) => {
          setDay(e.target.value);
          setRefused(undefined);
        }}
        error={Boolean(refused)}
        helperText={refused ?? translate('resources.shares.expiry.helper')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button
        size="small"
        onClick={() => {
          setDay('');
          setRefused(undefined);
        }}
        disabled={!day}
      >
        {translate('resources.shares.expiry.none')}
      </Button>
      <Button type="submit" size="small" variant="outlined" disabled={day === saved || saving.isPending}>
        {translate('resources.shares.expiry.save')}
      </Button>
    </Box>
  );
}

/**
 * The links of a resource (estimate, planning, campaign, order, system): create, set or remove the
 * expiry, regenerate, revoke, and send the link by mail.
 */
export function SharePanel({ resourceType, resourceId }: { resourceType: SchemaResourceType; resourceId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [deleting, setDeleting] = useState<SchemaShare>();
  const { data: shares, error } = useGetList<SchemaShare>('shares', {
    filter: { resourceType, resourceId },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'DESC' },
  });
  const create = useShareWrite(() => dataProvider.create('shares', { data: { resourceType, resourceId } }).then((r) => r.data));
  const regenerate = useShareWrite((share: SchemaShare) =>
    dataProvider.update('shares', { id: share.id, data: { regenerateToken: true }, previousData: share }).then((r) => r.data),
  );
  const remove = useShareWrite((share: SchemaShare) => dataProvider.delete('shares', { id: share.id, previousData: share }).then((r) => r.data));

  return (
    <Box component="section" aria-label={translate('resources.shares.title')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h2">{translate('resources.shares.title')}</Typography>
        <Button
          size="small"
          startIcon={<ShareIcon />}
          onClick={() => create.mutate({ args: undefined, message: 'resources.shares.created' })}
        >
          {translate('resources.shares.create')}
        </Button>
      </Stack>
      {error ? <Alert severity="error">{failureMessage(error)}</Alert> : null}
      {shares && !shares.length ? <Typography variant="body2" color="text.secondary">{translate('resources.shares.empty')}</Typography> : null}
      <List dense disablePadding>
        {(shares ?? []).map((share) => (
          <ListItem key={share.id} divider sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <ListItemText
                primary={<a href={shareLinkOf(share)} target="_blank" rel="noreferrer" data-testid="share-link">{shareLinkOf(share)}</a>}
                secondary={`${translate('resources.shares.created_by', { user: share.createdBy })}${share.expiresAt ? ` · ${translate('resources.shares.expires', { date: formatDate(share.expiresAt) })}` : ''}`}
                sx={{ wordBreak: 'break-all' }}
              />
              <Tooltip title={translate('resources.shares.regenerate')}>
                <IconButton aria-label={translate('resources.shares.regenerate')} onClick={() => regenerate.mutate({ args: share, message: 'resources.shares.updated' })}>
                  <RefreshIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={translate('ra.action.delete')}>
                <IconButton aria-label={translate('resources.shares.delete')} color="error" onClick={() => setDeleting(share)}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </Stack>
            <ExpiryForm key={share.expiresAt ?? 'never'} share={share} />
            <SendLink share={share} />
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
          if (share) remove.mutate({ args: share, message: 'resources.shares.deleted' });
        }}
        onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
}

/** The react-admin resource of each shared type, whose `share` action row says who may share it. */
const RESOURCE_OF: Record<SchemaResourceType, string> = { estimate: 'estimates', planning: 'plannings', campaign: 'campaigns', order: 'orders', system: 'systems' };

/** The share panel, for the roles that may share this type of record (the permission table's `share` rows). */
export function SharePanelIfAllowed({ card, ...props }: { resourceType: SchemaResourceType; resourceId: number; card?: boolean }) {
  const { canAccess } = useCanAccess({ resource: RESOURCE_OF[props.resourceType], action: 'share' });
  if (!canAccess) return null;
  return card ? (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <SharePanel {...props} />
      </CardContent>
    </Card>
  ) : (
    <SharePanel {...props} />
  );
}
