import { matchPath } from 'react-router-dom';

/**
 * The one permission table of the product. It alone drives the route guard, the app bar
 * menus, the home page and react-admin's `authProvider.canAccess`. No screen checks a role itself.
 *
 * To add a page: add (or reuse) its row in ROUTE_PERMISSIONS. To let react-admin screens of a
 * resource follow a page's rule, name the resource in that row's `resources`.
 */

import { ROLES, type Role } from './roles';

export { ROLES, type Role };

/** The nine staff roles. ROLE_GUEST reaches only the shared-resource viewer. */
export const STAFF_ROLES: readonly Role[] = ROLES.filter((r) => r !== 'ROLE_GUEST');

export const ADMIN: Role = 'ROLE_ADMIN';
export const GUEST: Role = 'ROLE_GUEST';

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Who may open a route: a list of roles (ROLE_ADMIN passes every check anyway) or 'all' staff roles. */
export type Allowed = readonly Role[] | 'all';

export interface RoutePermission {
  /** A route pattern, spelled as the route is, `:param` segments and an optional trailing `/*`. */
  pattern: string;
  allowed: Allowed;
  /** react-admin resources whose screens and actions follow this row (authProvider.canAccess). */
  resources?: readonly string[];
}

const ADMIN_ONLY: Allowed = ['ROLE_ADMIN'];
const ASSETS: Allowed = ['ROLE_ADMIN', 'ROLE_ASSETMANAGER'];
const SALES: Allowed = ['ROLE_ADMIN', 'ROLE_SALES', 'ROLE_SALESLEADER'];
const MEDIA: Allowed = ['ROLE_ADMIN', 'ROLE_MEDIAMONITOR'];
/** The creatives manager: the sales roles' and the designer's. */
const CREATIVES: Allowed = ['ROLE_ADMIN', 'ROLE_SALES', 'ROLE_SALESLEADER', 'ROLE_DESIGNER'];

/** Private routes → the roles that may open them. The first matching row decides. */
export const ROUTE_PERMISSIONS: readonly RoutePermission[] = [
  // Admin only
  { pattern: '/', allowed: ADMIN_ONLY },
  { pattern: '/dooh-manage/*', allowed: ADMIN_ONLY },
  { pattern: '/shows-manage/*', allowed: ADMIN_ONLY, resources: ['shows', 'playlists'] },
  { pattern: '/dooh/players', allowed: ADMIN_ONLY },
  { pattern: '/plannings', allowed: ADMIN_ONLY, resources: ['plannings', 'planningItems'] },
  { pattern: '/plannings/:id', allowed: ADMIN_ONLY },
  { pattern: '/plannings/:id/search', allowed: ADMIN_ONLY },
  { pattern: '/playerDOOH', allowed: ADMIN_ONLY },
  { pattern: '/settings/users/*', allowed: ADMIN_ONLY, resources: ['users'] },
  { pattern: '/settings/outbox', allowed: ADMIN_ONLY, resources: ['mails'] },
  { pattern: '/test', allowed: ADMIN_ONLY },
  // Admin and asset manager: systems, circuits, providers
  { pattern: '/systems-manage/*', allowed: ASSETS, resources: ['systems', 'frames', 'devices'] },
  { pattern: '/circuit-manage/*', allowed: ASSETS, resources: ['circuits'] },
  { pattern: '/providers/*', allowed: ASSETS, resources: ['teams', 'workOrders'] },
  { pattern: '/authorizations/*', allowed: ASSETS, resources: ['authorizations'] },
  { pattern: '/leases/*', allowed: ASSETS, resources: ['leases'] },
  // The canone unico of the faces: read by the asset manager and the manager; its rates set by the admin.
  { pattern: '/canone-unico', allowed: ['ROLE_ADMIN', 'ROLE_ASSETMANAGER', 'ROLE_MANAGER'], resources: ['canoneRates'] },
  // Admin, sales, sales leader: campaigns, advertisers, estimates and products
  // Execution: the creatives manager is also the designer's; uploading documents to an
  // order and connecting campaigns to it are for the roles that may change orders.
  { pattern: '/campaigns/:id/creatives', allowed: CREATIVES, resources: ['creatives'] },
  // The campaigns, each leading to its creatives manager (the designer's way in).
  { pattern: '/creatives', allowed: CREATIVES },
  { pattern: '/orders/:id/documents', allowed: SALES },
  { pattern: '/orders/:id/campaigns', allowed: SALES },
  {
    pattern: '/campaigns/*',
    allowed: SALES,
    resources: ['campaigns', 'campaignMembers', 'campaignAttachments'],
  },
  { pattern: '/advertisers/*', allowed: SALES, resources: ['advertisers'] },
  // Putting faces under option (reservations: holdFaces) is the sellers', as estimates are.
  { pattern: '/estimates/*', allowed: SALES, resources: ['estimates', 'products', 'catalogs', 'shares', 'reservations'] },
  // The availability of faces: to read, the sellers, the asset manager and the manager
  {
    pattern: '/availability',
    allowed: ['ROLE_ADMIN', 'ROLE_SALES', 'ROLE_SALESLEADER', 'ROLE_ASSETMANAGER', 'ROLE_MANAGER'],
    resources: ['availability'],
  },
  // Admin and media monitor: media monitor screens and analytics
  // Scheduled events: whoever may schedule (the media monitor's sends; the planner's events)
  { pattern: '/media/scheduled', allowed: ['ROLE_ADMIN', 'ROLE_MEDIAMONITOR', 'ROLE_PLANNER'], resources: ['scheduledEvents'] },
  { pattern: '/media/*', allowed: MEDIA, resources: ['detections', 'subItems', 'agents', 'sends'] },
  { pattern: '/dashboard/analytics', allowed: MEDIA },
  { pattern: '/DOOH/analytics', allowed: MEDIA, resources: ['playLogs'] },
  // All nine staff roles
  { pattern: '/profile', allowed: 'all' },
  { pattern: '/orders', allowed: 'all', resources: ['orders', 'orderDocuments', 'orderCampaigns'] },
  { pattern: '/orders/orderVisualizer', allowed: 'all' },
  { pattern: '/opportunities', allowed: 'all', resources: ['opportunities'] },
  { pattern: '/inbox', allowed: 'all', resources: ['notifications'] },
];

/**
 * Actions narrower than the screen they sit on: the roles the action's operation lets through (its
 * `x-roles`; tests/unit/permissions.test.ts holds each row to its document). A button shows only
 * to these roles.
 */
export interface ActionPermission {
  resource: string;
  action: string;
  /** The service documents and operations the action needs: a role passes only when every one lets it through. */
  operations: ReadonlyArray<readonly [service: string, operationId: string]>;
  allowed: Allowed;
}

export const ACTION_PERMISSIONS: readonly ActionPermission[] = [
  { resource: 'estimates', action: 'revise', operations: [['estimate', 'reviseEstimate']], allowed: SALES },
  // Sharing a record (its links, their expiry and revocation): the roles that may read it through
  // every operation its client page reads it by, as the share service checks.
  { resource: 'estimates', action: 'share', operations: [['estimate', 'getEstimateById'], ['estimate', 'getEstimatePdf']], allowed: SALES },
  { resource: 'plannings', action: 'share', operations: [['planner', 'getPlanningById'], ['planner', 'listPlanningItems']], allowed: ADMIN_ONLY },
  { resource: 'campaigns', action: 'share', operations: [['campaign', 'getCampaignById']], allowed: ['ROLE_ADMIN', 'ROLE_SALES', 'ROLE_SALESLEADER', 'ROLE_DESIGNER'] },
  // A campaign's proof of play: the roles that may read the campaign and its plays against the contract.
  { resource: 'campaigns', action: 'proofOfPlay', operations: [['campaign', 'getCampaignById'], ['device', 'getProofOfPlay']], allowed: SALES },
  // A campaign's delivery against what was contracted, and the make-goods given from it.
  { resource: 'campaigns', action: 'delivery', operations: [['frame', 'getCampaignDelivery']], allowed: ['ROLE_ADMIN', 'ROLE_ASSETMANAGER', 'ROLE_PLANNER', 'ROLE_MANAGER', 'ROLE_SALES', 'ROLE_SALESLEADER'] },
  { resource: 'campaigns', action: 'makeGood', operations: [['frame', 'getCampaignDelivery'], ['frame', 'createMakeGood']], allowed: SALES },
  { resource: 'orders', action: 'share', operations: [['order', 'getOrderById']], allowed: 'all' },
  { resource: 'systems', action: 'share', operations: [['systems', 'getSystemById'], ['systems', 'getSystemImage']], allowed: ASSETS },
  { resource: 'canoneRates', action: 'edit', operations: [['frame', 'updateCanoneUnicoRate']], allowed: ADMIN_ONLY },
  // Reading the list of circuits: also the sellers' and the manager's, who pick the circuit whose
  // faces they sell (availability, an estimate line's faces); the circuit screens stay the asset manager's.
  {
    resource: 'circuits',
    action: 'list',
    operations: [['circuits', 'listCircuitsByType']],
    allowed: ['ROLE_ADMIN', 'ROLE_ASSETMANAGER', 'ROLE_SALES', 'ROLE_SALESLEADER', 'ROLE_MANAGER'],
  },
];

function pathnameOf(path: string): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname || '/';
}

/** The table row that governs a path (its query string and hash are ignored), if any. */
export function permissionFor(path: string): RoutePermission | undefined {
  const pathname = pathnameOf(path);
  return ROUTE_PERMISSIONS.find((row) =>
    matchPath({ path: row.pattern, caseSensitive: true, end: true }, pathname),
  );
}

function allows(allowed: Allowed, role: Role): boolean {
  return allowed === 'all' ? STAFF_ROLES.includes(role) : allowed.includes(role);
}

/** Whether a role may open a path. ROLE_ADMIN passes every check; unknown roles and paths open nothing else. */
export function canOpen(role: string | null | undefined, path: string): boolean {
  if (!isRole(role)) return false;
  if (role === ADMIN) return true;
  const row = permissionFor(path);
  return row ? allows(row.allowed, role) : false;
}

export interface MenuEntry {
  /** Italian label, exactly as the menu shows it. */
  label: string;
  to: string;
}

export interface MenuGroup {
  key: string;
  /** Italian label, exactly as the menu shows it. */
  label: string;
  /** The group's path (an identifier: no page lives there). */
  path: string;
  /** The roles the group is shown to. */
  roles: readonly Role[];
  entries: readonly MenuEntry[];
}

/** The five menu groups of the app bar, each shown to its roles. */
export const MENU_GROUPS: readonly MenuGroup[] = [
  {
    key: 'patrimonio',
    label: 'PATRIMONIO',
    path: '/ooh',
    roles: ['ROLE_ADMIN', 'ROLE_ASSETMANAGER'],
    entries: [
      { label: 'Impianti', to: '/systems-manage/manage' },
      { label: 'Circuiti', to: '/circuit-manage/manage' },
      { label: 'Squadre', to: '/providers/manage' },
      { label: 'Ordini di lavoro', to: '/providers/workOrders' },
      { label: 'Autorizzazioni', to: '/authorizations' },
      { label: 'Locazioni', to: '/leases' },
      { label: 'Canone unico', to: '/canone-unico' },
      // The admin's DOOH screens (the entries a role may not open are not shown to it).
      { label: 'Impianti DOOH', to: '/dooh-manage/manage' },
      { label: 'Player', to: '/dooh/players' },
      { label: 'Show', to: '/shows-manage/manage' },
      { label: 'Playlist', to: '/playerDOOH' },
    ],
  },
  {
    key: 'pubblicazione',
    label: 'PUBBLICAZIONE',
    path: '/dooh',
    roles: ['ROLE_ADMIN', 'ROLE_SALES', 'ROLE_SALESLEADER'],
    entries: [
      { label: 'Opportunità', to: '/opportunities' },
      { label: 'Preventivi', to: '/estimates/manage' },
      { label: 'Ordini', to: '/orders' },
      { label: 'Campagne', to: '/campaigns' },
      { label: 'Creatività', to: '/creatives' },
      { label: 'Pianificazioni', to: '/plannings' },
      { label: 'Inserzionisti', to: '/advertisers' },
      { label: 'Disponibilità', to: '/availability' },
    ],
  },
  {
    key: 'inventario',
    label: 'INVENTARIO',
    path: '/estimates',
    roles: ['ROLE_ADMIN', 'ROLE_SALES', 'ROLE_SALESLEADER'],
    entries: [
      { label: 'Prodotti', to: '/estimates/products' },
      { label: 'Listini', to: '/estimates/products?catalogs' },
    ],
  },
  {
    key: 'mediamonitor',
    label: 'MEDIA MONITOR',
    path: '/mediamonitor',
    roles: ['ROLE_ADMIN', 'ROLE_MEDIAMONITOR'],
    entries: [
      { label: 'Rilevazioni', to: '/media/monitor' },
      { label: 'Media Monitor', to: '/media/analytics' },
      { label: 'Gestione Campi', to: '/media/manage' },
      { label: 'Invio ai fornitori', to: '/media/monitor/supplier-mail' },
      { label: 'Invio alla segreteria', to: '/media/monitor/secretariat-mail' },
      { label: 'Invii programmati', to: '/media/scheduled' },
    ],
  },
  {
    key: 'analytics',
    label: 'ANALYTICS',
    path: '/analytics',
    roles: ['ROLE_ADMIN', 'ROLE_MEDIAMONITOR'],
    entries: [
      { label: 'Dashboard Funnel', to: '/dashboard/analytics' },
      { label: 'Programmatic DOOH', to: '/DOOH/analytics' },
      { label: 'Media Monitor', to: '/media/analytics' },
    ],
  },
];

/** Pages shown on their own in the app bar to the roles that may open them but do not see their group. */
export const ALL_ROLES_LINKS: readonly MenuEntry[] = [
  { label: 'Ordini', to: '/orders' },
  { label: 'Opportunità', to: '/opportunities' },
  { label: 'Disponibilità', to: '/availability' },
];

export interface RoleMenu {
  groups: MenuGroup[];
  /**
   * Links outside any group: the all-roles pages, then every other menu entry the role may open
   * whose group it does not see (the planner's scheduled events, the designer's creatives), so
   * that no page a role may use is left without a way in.
   */
  links: MenuEntry[];
}

/** The app bar of a role: its groups (only the entries it may open) and the pages it may open that those groups miss. */
export function menuFor(role: string | null | undefined): RoleMenu {
  if (!isRole(role)) return { groups: [], links: [] };
  const groups = MENU_GROUPS.filter((g) => role === ADMIN || g.roles.includes(role))
    .map((g) => ({ ...g, entries: g.entries.filter((e) => canOpen(role, e.to)) }))
    .filter((g) => g.entries.length > 0);
  const shown = new Set(groups.flatMap((g) => g.entries.map((e) => e.to)));
  const links: MenuEntry[] = [];
  for (const entry of [...ALL_ROLES_LINKS, ...MENU_GROUPS.flatMap((g) => g.entries)]) {
    if (shown.has(entry.to) || !canOpen(role, entry.to)) continue;
    shown.add(entry.to);
    links.push(entry);
  }
  return { groups, links };
}

/** Where a guest signed in on /login lands: the login page explains guests open only shared links. */
const GUEST_HOME = '/login';

/**
 * The home page: /orders for ROLE_SALES and ROLE_SALESLEADER, / for the others, or the first
 * page the role may open (in app bar order) when it may not open /.
 */
export function homeFor(role: string | null | undefined): string {
  if (!isRole(role) || role === GUEST) return GUEST_HOME;
  if (role === 'ROLE_SALES' || role === 'ROLE_SALESLEADER') return '/orders';
  if (canOpen(role, '/')) return '/';
  const menu = menuFor(role);
  const first = menu.groups[0]?.entries[0] ?? menu.links[0];
  return first ? first.to : '/profile';
}

/** After sign-in: the remembered location if any (never for a guest), else the role's home. */
export function afterLoginPath(role: string | null | undefined, remembered?: string | null): string {
  if (role === GUEST) return GUEST_HOME;
  if (remembered && remembered.startsWith('/') && !remembered.startsWith('//') && !isPublicPath(remembered)) {
    return remembered;
  }
  return homeFor(role);
}

/** Public routes (no layout, no guard). */
const PUBLIC_PATHS = [
  '/login',
  '/logout',
  '/user/confirm/:confirmationToken',
  '/forgot-password',
  '/change-password',
  '/signup',
  '/new-password',
  '/resource/:resourceType/:resourceId/token/:token/view',
  '/403',
  '/404',
] as const;

export function isPublicPath(path: string): boolean {
  const pathname = pathnameOf(path);
  return PUBLIC_PATHS.some((p) => matchPath({ path: p, end: true }, pathname));
}

/**
 * react-admin access control: a resource follows the rows naming it in `resources` (any of them
 * allowing the role is enough). A resource no row names is for ROLE_ADMIN only. `users.role`-style
 * field resources follow their resource. Every action follows the same rule, but for the actions
 * of ACTION_PERMISSIONS, which follow their own row.
 */
export function canAccessResource(
  role: string | null | undefined,
  resource: string,
  action?: string,
): boolean {
  if (!isRole(role)) return false;
  if (role === ADMIN) return true;
  const name = resource.split('.')[0];
  const narrower = ACTION_PERMISSIONS.find((a) => a.resource === name && a.action === action);
  if (narrower) return allows(narrower.allowed, role);
  return ROUTE_PERMISSIONS.some((row) => row.resources?.includes(name) && allows(row.allowed, role));
}
