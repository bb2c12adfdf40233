import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useMessages } from '@/i18n/lookup';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import type { SchemaResourceType, SchemaSharedResource } from '@/api/generated/share';
import { PdfButton } from './PdfButton';
import { PublicPage } from '@/layout/PublicPage';
import {
  authenticateShareToken,
  downloadEstimatePdf,
  getSharedResource,
  loginAsGuest,
} from '../public/calls';
import { EstimateAnswer, type AnswerableEstimate } from './EstimateAnswer';
import { EstimateView, itDate } from './EstimateView';
import { RecordClientView } from './RecordClientView';
import { ProofOfPosting } from './ProofOfPosting';
import { LinkGone } from './LinkGone';
import { rememberLinkVisit } from './linkVisit';
import { SellerIdentity, sellerName } from './SellerIdentity';

/** The planning's page brings its map: loaded only when a planning is shown, so the offer's page stays light. */
const PlanningClientView = lazy(() => import('./PlanningClientView'));

const RESOURCE_TYPES: SchemaResourceType[] = ['estimate', 'planning', 'campaign', 'order', 'system'];

type State =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'refused'; message: string }
  | { kind: 'ready'; resource: SchemaSharedResource };

const hasMessage = (v: unknown): v is { message: string } =>
  Boolean(v && typeof v === 'object' && 'message' in v && !('access_token' in v) && !('data' in v));

/**
 * /resource/:resourceType/:resourceId/token/:token/view: signs the visitor in as a guest with the
 * link's token (POST /token/auth, no auth header; guest session via loginAsGuest, which loads the
 * guest profile) and shows the resource read-only, without menus, under the seller's identity. An
 * unknown or revoked token goes to /404, which this tab's visit turns into the client's
 * page; an expired link (422) shows that page here, with the service's message.
 */
export default function SharedResourcePage() {
  const { resourceType, resourceId, token } = useParams();
  const { pathname } = useLocation();
  const translate = useMessages();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const type = RESOURCE_TYPES.find((t) => t === resourceType);
  const id = Number(resourceId);
  const valid = Boolean(type && Number.isInteger(id) && id > 0 && token);

  useEffect(() => {
    rememberLinkVisit(pathname);
  }, [pathname]);

  useEffect(() => {
    if (!valid || !type || !token) return;
    let alive = true;
    (async () => {
      const auth = await authenticateShareToken(type, id, token);
      if (hasMessage(auth)) {
        if (alive) setState({ kind: 'refused', message: auth.message });
        return;
      }
      // Guest login stores the token and the guest marker, then loads the profile.
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

  // The visit is noted in this same commit (effects run before the route changes), so /404 knows it.
  if (!valid || state.kind === 'notFound') return <Navigate to="/404" replace />;
  if (state.kind === 'loading') {
    return (
      <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-label={translate('app.loading.label')} />
      </Box>
    );
  }
  if (state.kind === 'refused') return <LinkGone detail={state.message} />;
  const { resource } = state;
  return (
    <PublicPage title={resource.title} width={960} overline={sellerName()}>
      <Box sx={{ pb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <SellerIdentity />
      </Box>
      {resource.sharedByName || resource.expiresAt ? (
        <Typography variant="body2" color="text.secondary" data-testid="shared-by">
          {[
            resource.sharedByName
              ? translate('resources.shares.viewer.shared_by', { user: resource.sharedByName })
              : '',
            resource.expiresAt
              ? translate('resources.shares.viewer.client.valid_until', { date: itDate(resource.expiresAt) })
              : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      ) : null}
      {resource.resourceType === 'estimate' ? (
        <>
          {resource.replacedResourceId ? (
            <Alert severity="info" data-testid="offer-replaced">
              {translate('resources.shares.viewer.replaced', { id: resource.replacedResourceId })}
            </Alert>
          ) : null}
          <PdfButton
            variant="contained"
            label={translate('resources.shares.viewer.pdf')}
            download={() => downloadEstimatePdf(resource.resourceId)}
          />
          <EstimateView estimate={resource.data as AnswerableEstimate} />
          <EstimateAnswer
            estimate={resource.data as AnswerableEstimate}
            linkId={resource.replacedResourceId ?? resource.resourceId}
          />
        </>
      ) : resource.resourceType === 'planning' ? (
        <Suspense fallback={<CircularProgress aria-label={translate('app.loading.label')} />}>
          <PlanningClientView resource={resource} />
        </Suspense>
      ) : (
        <>
          <RecordClientView resourceType={resource.resourceType} data={resource.data} view={resource.view} />
          {resource.resourceType === 'campaign' ? <ProofOfPosting campaignId={resource.resourceId} /> : null}
        </>
      )}
    </PublicPage>
  );
}
