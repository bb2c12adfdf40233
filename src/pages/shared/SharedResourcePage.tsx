import { useEffect, useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useMessages } from '@/i18n/lookup';
import { Navigate, useParams } from 'react-router-dom';
import type { SchemaResourceType, SchemaSharedResource } from '@/api/generated/share';
import { PublicPage } from '@/layout/PublicPage';
import { authenticateShareToken, getSharedResource, loginAsGuest } from '../public/calls';
import { EstimateView, type EstimateViewData } from './EstimateView';

const RESOURCE_TYPES: SchemaResourceType[] = ['estimate', 'planning', 'campaign', 'order', 'system'];

type State =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'refused'; message: string }
  | { kind: 'ready'; resource: SchemaSharedResource };

const hasMessage = (v: unknown): v is { message: string } => Boolean(v && typeof v === 'object' && 'message' in v && !('access_token' in v) && !('data' in v));

/**
 * /resource/:resourceType/:resourceId/token/:token/view: signs the visitor in as a guest with the
 * link's token (POST /token/auth, no auth header; guest session via loginAsGuest, which loads the guest profile) and shows the
 * resource read-only, without menus. An unknown or revoked token goes to /404 (spec §8); an expired
 * link (422) shows the service's message.
 */
export default function SharedResourcePage() {
  const { resourceType, resourceId, token } = useParams();
  const translate = useMessages();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const type = RESOURCE_TYPES.find((t) => t === resourceType);
  const id = Number(resourceId);
  const valid = Boolean(type && Number.isInteger(id) && id > 0 && token);

  useEffect(() => {
    if (!valid || !type || !token) return;
    let alive = true;
    (async () => {
      const auth = await authenticateShareToken(type, id, token);
      if (hasMessage(auth)) {
        if (alive) setState({ kind: 'refused', message: auth.message });
        return;
      }
      // Spec §4: guest login stores the token and the guest marker, then loads the profile.
      await loginAsGuest(auth.access_token);
      const resource = await getSharedResource(type, id);
      if (!alive) return;
      if (hasMessage(resource)) setState({ kind: 'refused', message: resource.message });
      else setState({ kind: 'ready', resource });
    })().catch(() => alive && setState({ kind: 'notFound' }));
    return () => {
      alive = false;
    };
  }, [valid, type, id, token]);

  if (!valid || state.kind === 'notFound') return <Navigate to="/404" replace />;
  if (state.kind === 'loading') {
    return (
      <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-label={translate('app.loading.label')} />
      </Box>
    );
  }
  if (state.kind === 'refused') {
    return (
      <PublicPage title={translate('resources.shares.viewer.title')}>
        <Alert severity="warning">{state.message}</Alert>
      </PublicPage>
    );
  }
  const { resource } = state;
  return (
    <PublicPage title={resource.title} width={960}>
      {resource.sharedBy ? (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.shares.viewer.shared_by', { user: resource.sharedBy })}
        </Typography>
      ) : null}
      {resource.resourceType === 'estimate' ? (
        <EstimateView estimate={resource.data as EstimateViewData} />
      ) : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, m: 0 }}>
          {Object.entries(resource.data).map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">{k}</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </PublicPage>
  );
}
