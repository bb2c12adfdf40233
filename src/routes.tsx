import { matchRoutes, Route } from 'react-router-dom';
import { canOpen } from '@/auth/permissions';
import { RouteGuard } from '@/auth/RouteGuard';
import { getRole } from '@/auth/session';
import { whenIdle } from '@/ui/idle';
import { lazyPage, type LazyPageComponent, type PageLoader } from '@/layout/lazyPage';

/**
 * Every route of the app, spelled exactly as its links and mails spell it.
 *
 * A domain engineer replaces ONLY their own line, e.g.
 *   { path: '/systems-manage/manage', page: page(() => import('@/resources/systems/SystemsManage')) },
 * where the module's default export is the page component. Who may open a path is decided by
 * src/auth/permissions.ts (ROUTE_PERMISSIONS), never here.
 */
export interface PageRoute {
  path: string;
  page: LazyPageComponent;
}

/** A private page: lazily loaded, the simple loading animation inside the layout. */
export const page = (loader: PageLoader) => lazyPage(loader, { loading: 'simple' });
/** A public page: lazily loaded, the full-screen loading animation. */
const publicPage = (loader: PageLoader) => lazyPage(loader, { loading: 'fullScreen' });

/** The private screens (inside the layout, behind the route guard). */
export const PRIVATE_ROUTES: readonly PageRoute[] = [
  { path: '/', page: page(() => import('@/resources/systems/SystemsList')) },
  // Patrimonio
  { path: '/systems-manage/map', page: page(() => import('@/resources/systems/SystemsMap')) },
  { path: '/systems-manage/manage', page: page(() => import('@/resources/systems/SystemsList')) },
  { path: '/systems-manage/manage/import', page: page(() => import('@/resources/systems/SystemsImport')) },
  { path: '/systems-manage/manage/new', page: page(() => import('@/resources/systems/SystemForm')) },
  { path: '/systems-manage/:id', page: page(() => import('@/resources/systems/SystemShow')) },
  { path: '/systems-manage/:id/edit', page: page(() => import('@/resources/systems/SystemForm')) },
  { path: '/circuit-manage/manage', page: page(() => import('@/resources/circuits/CircuitsPage')) },
  { path: '/providers/manage', page: page(() => import('@/resources/teams/TeamsPage')) },
  { path: '/providers/workOrders', page: page(() => import('@/resources/workOrders/WorkOrdersPage')) },
  { path: '/authorizations', page: page(() => import('@/resources/permits/AuthorizationsPage')) },
  { path: '/authorizations/create', page: page(() => import('@/resources/permits/AuthorizationCreate')) },
  { path: '/authorizations/:id', page: page(() => import('@/resources/permits/AuthorizationEdit')) },
  { path: '/leases', page: page(() => import('@/resources/permits/LeasesPage')) },
  { path: '/leases/create', page: page(() => import('@/resources/permits/LeaseCreate')) },
  { path: '/leases/:id', page: page(() => import('@/resources/permits/LeaseEdit')) },
  { path: '/canone-unico', page: page(() => import('@/resources/canone/CanonePage')) },
  // DOOH and shows
  { path: '/dooh-manage/manage', page: page(() => import('@/resources/devices/DoohSystemsPage')) },
  { path: '/dooh/players', page: page(() => import('@/resources/devices/DevicesPage')) },
  { path: '/shows-manage/manage', page: page(() => import('@/resources/shows/ShowsPage')) },
  { path: '/playerDOOH', page: page(() => import('@/resources/shows/PlayerDoohPage')) },
  // Analytics and media monitor
  { path: '/dashboard/analytics', page: page(() => import('@/pages/analytics/FunnelPage')) },
  { path: '/DOOH/analytics', page: page(() => import('@/pages/analytics/DoohAnalyticsPage')) },
  { path: '/media/analytics', page: page(() => import('@/pages/analytics/MediaAnalyticsPage')) },
  // /media/monitor, /create, /:id, /import, /agent-mail, /supplier-mail, /secretariat-mail, /crm-sync (the media monitor's pages)
  { path: '/media/monitor/*', page: page(() => import('@/resources/detections/MediaMonitorPage')) },
  { path: '/media/manage', page: page(() => import('@/resources/detections/ManagePage')) },
  { path: '/media/scheduled', page: page(() => import('@/resources/sends/ScheduledEventsPage')) },
  // Vendite
  { path: '/campaigns', page: page(() => import('@/resources/campaigns/CampaignsPage')) },
  { path: '/campaigns/create', page: page(() => import('@/resources/campaigns/CampaignCreate')) },
  { path: '/campaigns/:id', page: page(() => import('@/resources/campaigns/CampaignDetailPage')) },
  { path: '/campaigns/:id/edit', page: page(() => import('@/resources/campaigns/CampaignEdit')) },
  { path: '/campaigns/:id/creatives', page: page(() => import('@/resources/creatives/CreativesPage')) },
  { path: '/creatives', page: page(() => import('@/resources/campaigns/CreativeCampaignsPage')) },
  { path: '/plannings', page: page(() => import('@/resources/plannings/PlanningsPage')) },
  { path: '/plannings/:id', page: page(() => import('@/resources/plannings/PlanningDetailPage')) },
  { path: '/plannings/:id/search', page: page(() => import('@/resources/plannings/PlanningSearchPage')) },
  { path: '/advertisers', page: page(() => import('@/resources/advertisers/AdvertisersPage')) },
  { path: '/advertisers/:id', page: page(() => import('@/resources/advertisers/AdvertiserDetailPage')) },
  { path: '/estimates/products', page: page(() => import('@/resources/products/ProductsPage')) },
  { path: '/estimates/manage', page: page(() => import('@/resources/estimates/EstimatesPage')) },
  { path: '/orders', page: page(() => import('@/resources/orders/OrdersPage')) },
  { path: '/orders/orderVisualizer', page: page(() => import('@/resources/orders/OrderVisualizerPage')) },
  { path: '/orders/:id/documents', page: page(() => import('@/resources/orders/OrderDocumentsPage')) },
  { path: '/orders/:id/campaigns', page: page(() => import('@/resources/orders/OrderCampaignsPage')) },
  { path: '/opportunities', page: page(() => import('@/resources/opportunities/OpportunitiesPage')) },
  { path: '/availability', page: page(() => import('@/resources/availability/AvailabilityPage')) },
  { path: '/inbox', page: page(() => import('@/resources/notifications/InboxPage')) },
  // App shell
  { path: '/settings/users/*', page: page(() => import('@/pages/settings/users/UsersPage')) },
  { path: '/settings/outbox', page: page(() => import('@/resources/sends/OutboxPage')) },
  { path: '/profile', page: page(() => import('@/pages/profile/ProfilePage')) },
  { path: '/test', page: page(() => import('@/pages/test/TestPage')) },
];

/**
 * The public and error routes (no layout, no guard). The front door (App.tsx) serves them
 * without the back office: these pages and what they import stay clear of react-admin.
 */
export const PUBLIC_ROUTES: readonly PageRoute[] = [
  { path: '/login', page: publicPage(() => import('@/pages/public/LoginPage')) },
  { path: '/logout', page: publicPage(() => import('@/pages/public/LogoutPage')) },
  {
    path: '/user/confirm/:confirmationToken',
    page: publicPage(() => import('@/pages/public/ConfirmSignupPage')),
  },
  { path: '/forgot-password', page: publicPage(() => import('@/pages/public/ForgotPasswordPage')) },
  { path: '/change-password', page: publicPage(() => import('@/pages/public/ChangePasswordPage')) },
  { path: '/signup', page: publicPage(() => import('@/pages/public/SignupPage')) },
  { path: '/new-password', page: publicPage(() => import('@/pages/public/NewPasswordPage')) },
  // The shared-resource viewer: it signs the guest in with loginAsGuest.
  {
    path: '/resource/:resourceType/:resourceId/token/:token/view',
    page: publicPage(() => import('@/pages/shared/SharedResourcePage')),
  },
  // A provider team's jobs, opened with the team's link (no account).
  { path: '/field/:token', page: publicPage(() => import('@/pages/field/FieldPage')) },
  { path: '/403', page: publicPage(() => import('@/pages/errors/ForbiddenPage')) },
  { path: '/404', page: publicPage(() => import('@/pages/errors/NotFoundPage')) },
];

/** The <Route> elements of the private screens, each behind the route guard. */
export function privateRouteElements() {
  return PRIVATE_ROUTES.map(({ path, page: Page }) => (
    <Route
      key={path}
      path={path}
      element={
        <RouteGuard>
          <Page />
        </RouteGuard>
      }
    />
  ));
}

/** The private route of each path asked for (matching a path against every route is not free). */
const routeOfPath = new Map<string, PageRoute | undefined>();
function routeOf(pathname: string): PageRoute | undefined {
  if (!routeOfPath.has(pathname)) {
    const path = matchRoutes(
      PRIVATE_ROUTES.map((route) => ({ path: route.path })),
      pathname,
    )?.[0]?.route.path;
    routeOfPath.set(
      pathname,
      PRIVATE_ROUTES.find((route) => route.path === path),
    );
  }
  return routeOfPath.get(pathname);
}

/**
 * Starts loading the code of the private screen at `to` (a path, with or without a query) when the
 * signed-in role may open it: the first screen beside the back office, a menu's entries when the
 * menu opens, a link when the pointer or the focus reaches it. Each path is matched once: a menu
 * closing gives the focus back to its group, which asks for its entries again, and matching them
 * against every route took some 9 ms of that move.
 */
export function preloadScreen(to: string): Promise<void> {
  const pathname = to.split(/[?#]/)[0];
  const match = routeOf(pathname);
  return match && canOpen(getRole(), pathname) ? match.page.preload() : Promise.resolve();
}

/**
 * How long the back office waits, once its layout is there, before it loads the other screens (each
 * step then waits for an idle moment): 1.5 s left a move made soon after a full load waiting for
 * its code (router move on the large seed 2.33× a plain list; 1.65× at 0.5 s, the full load unchanged).
 */
export const IDLE_PRELOAD_DELAY_MS = 500;

/**
 * Loads the code of the screens at `paths` one after the other while the browser is idle, starting
 * `IDLE_PRELOAD_DELAY_MS` after the call: a move to any of them then waits for no download, only
 * for its rows. One screen at a time, each when the main thread has a free moment, so that a
 * screen the user is working on keeps the network and the processor. Returns a function that stops
 * the loading (a screen already asked for still arrives).
 */
export function preloadScreensWhenIdle(paths: readonly string[]): () => void {
  let stopped = false;
  const next = (index: number) => {
    if (stopped || index >= paths.length) return;
    whenIdle(() => {
      if (stopped) return;
      void preloadScreen(paths[index]).then(() => next(index + 1));
    });
  };
  const timer = window.setTimeout(() => next(0), IDLE_PRELOAD_DELAY_MS);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}
