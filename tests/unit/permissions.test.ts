import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  ACTION_PERMISSIONS,
  afterLoginPath,
  canAccessResource,
  canOpen,
  homeFor,
  isPublicPath,
  menuFor,
  MENU_GROUPS,
  permissionFor,
  ROLES,
  type Role,
} from '@/auth/permissions';
import { PRIVATE_ROUTES } from '@/routes';

/**
 * The role matrix, written out by hand (independently of src/auth/permissions.ts). One column per role, in
 * this order: A=ADMIN M=MANAGER G=GUEST a=ASSETMANAGER S=SALES L=SALESLEADER m=MEDIAMONITOR
 * P=PLANNER U=SUPERVISOR D=DESIGNER. 'x' = may open, '.' = may not.
 */
const COLUMNS: Role[] = [
  'ROLE_ADMIN',
  'ROLE_MANAGER',
  'ROLE_GUEST',
  'ROLE_ASSETMANAGER',
  'ROLE_SALES',
  'ROLE_SALESLEADER',
  'ROLE_MEDIAMONITOR',
  'ROLE_PLANNER',
  'ROLE_SUPERVISOR',
  'ROLE_DESIGNER',
];

//                              route pattern                 sample path                     AMGaSLmPUD
const MATRIX: [pattern: string, path: string, expected: string][] = [
  ['/', '/', 'x.........'],
  ['/systems-manage/map', '/systems-manage/map', 'x..x......'],
  ['/systems-manage/manage', '/systems-manage/manage', 'x..x......'],
  ['/systems-manage/manage/new', '/systems-manage/manage/new', 'x..x......'],
  ['/systems-manage/:id', '/systems-manage/123', 'x..x......'],
  ['/dooh-manage/manage', '/dooh-manage/manage', 'x.........'],
  ['/dooh/players', '/dooh/players', 'x.........'],
  ['/circuit-manage/manage', '/circuit-manage/manage', 'x..x......'],
  ['/providers/manage', '/providers/manage', 'x..x......'],
  ['/providers/workOrders', '/providers/workOrders', 'x..x......'],
  ['/authorizations', '/authorizations', 'x..x......'],
  ['/authorizations/create', '/authorizations/create', 'x..x......'],
  ['/authorizations/:id', '/authorizations/5', 'x..x......'],
  ['/leases', '/leases', 'x..x......'],
  ['/leases/create', '/leases/create', 'x..x......'],
  ['/leases/:id', '/leases/5', 'x..x......'],
  ['/canone-unico', '/canone-unico', 'xx.x......'],
  ['/shows-manage/manage', '/shows-manage/manage', 'x.........'],
  ['/playerDOOH', '/playerDOOH', 'x.........'],
  ['/dashboard/analytics', '/dashboard/analytics', 'x.....x...'],
  ['/DOOH/analytics', '/DOOH/analytics', 'x.....x...'],
  ['/media/analytics', '/media/analytics', 'x.....x...'],
  ['/media/monitor', '/media/monitor', 'x.....x...'],
  ['/media/manage', '/media/manage', 'x.....x...'],
  ['/media/scheduled', '/media/scheduled', 'x.....xx..'],
  ['/campaigns', '/campaigns', 'x...xx....'],
  ['/campaigns/:id', '/campaigns/77', 'x...xx....'],
  ['/campaigns/:id/creatives', '/campaigns/77/creatives', 'x...xx...x'],
  ['/creatives', '/creatives', 'x...xx...x'],
  ['/plannings', '/plannings', 'x.........'],
  ['/plannings/:id', '/plannings/5', 'x.........'],
  ['/plannings/:id/search', '/plannings/5/search', 'x.........'],
  ['/advertisers', '/advertisers', 'x...xx....'],
  ['/advertisers/:id', '/advertisers/9', 'x...xx....'],
  ['/estimates/products', '/estimates/products', 'x...xx....'],
  ['/estimates/manage', '/estimates/manage', 'x...xx....'],
  ['/settings/users', '/settings/users', 'x.........'],
  ['/settings/outbox', '/settings/outbox', 'x.........'],
  ['/profile', '/profile', 'xx.xxxxxxx'],
  ['/orders', '/orders', 'xx.xxxxxxx'],
  ['/orders/orderVisualizer', '/orders/orderVisualizer', 'xx.xxxxxxx'],
  ['/opportunities', '/opportunities', 'xx.xxxxxxx'],
  ['/availability', '/availability?frameId=11&periodStart=2026-03-02', 'xx.xxx....'],
  ['/inbox', '/inbox', 'xx.xxxxxxx'],
  ['/test', '/test', 'x.........'],
];

describe('the role × route matrix', () => {
  it('lists exactly the ten roles', () => {
    expect([...ROLES].sort()).toEqual([...COLUMNS].sort());
  });

  for (const [pattern, path, expected] of MATRIX) {
    for (const [i, role] of COLUMNS.entries()) {
      const allowed = expected[i] === 'x';
      it(`${role} ${allowed ? 'may' : 'may not'} open ${pattern} (${path})`, () => {
        expect(canOpen(role, path)).toBe(allowed);
      });
    }
  }

  it('every private path is a route of src/routes.tsx', () => {
    const routed = new Set(PRIVATE_ROUTES.map((r) => r.path.replace(/\/\*$/, '')));
    expect(MATRIX.map(([pattern]) => pattern).filter((p) => !routed.has(p))).toEqual([]);
  });

  it('every route of src/routes.tsx is governed by a row of the table (none is admin-only by omission)', () => {
    const sample = (pattern: string) => pattern.replace(/\/\*$/, '').replace(/:[^/]+/g, '1') || '/';
    expect(PRIVATE_ROUTES.map((r) => r.path).filter((p) => !permissionFor(sample(p)))).toEqual([]);
  });

  it('the sends to a supplier and to the secretariat are the media monitor’s (pages of /media/monitor/*)', () => {
    for (const path of ['/media/monitor/supplier-mail', '/media/monitor/secretariat-mail']) {
      expect(COLUMNS.filter((role) => canOpen(role, path))).toEqual(['ROLE_ADMIN', 'ROLE_MEDIAMONITOR']);
    }
  });

  it('ignores the query string (Listini is /estimates/products?catalogs)', () => {
    expect(canOpen('ROLE_SALES', '/estimates/products?catalogs')).toBe(true);
    expect(canOpen('ROLE_PLANNER', '/estimates/products?catalogs')).toBe(false);
  });

  it('is case-sensitive: /DOOH/analytics is not /dooh/analytics', () => {
    expect(canOpen('ROLE_MEDIAMONITOR', '/dooh/analytics')).toBe(false);
    expect(canOpen('ROLE_MEDIAMONITOR', '/DOOH/analytics')).toBe(true);
  });

  it('sub-pages follow their area (users create/edit are admin only)', () => {
    expect(canOpen('ROLE_ADMIN', '/settings/users/create')).toBe(true);
    expect(canOpen('ROLE_MANAGER', '/settings/users/3')).toBe(false);
    expect(canOpen('ROLE_ASSETMANAGER', '/providers/12')).toBe(true);
  });

  it('an unknown path opens for ROLE_ADMIN only (admin passes every check); no role, or an unknown one, opens nothing', () => {
    expect(canOpen('ROLE_ADMIN', '/somewhere/else')).toBe(true);
    expect(canOpen('ROLE_SALES', '/somewhere/else')).toBe(false);
    expect(canOpen(null, '/orders')).toBe(false);
    expect(canOpen('ROLE_ROOT', '/orders')).toBe(false);
  });
});

describe('home page per role', () => {
  const HOMES: Record<Role, string> = {
    ROLE_ADMIN: '/',
    ROLE_MANAGER: '/orders',
    ROLE_GUEST: '/login',
    ROLE_ASSETMANAGER: '/systems-manage/manage',
    ROLE_SALES: '/orders',
    ROLE_SALESLEADER: '/orders',
    ROLE_MEDIAMONITOR: '/media/monitor',
    ROLE_PLANNER: '/orders',
    ROLE_SUPERVISOR: '/orders',
    ROLE_DESIGNER: '/orders',
  };
  for (const role of COLUMNS) {
    it(`${role} → ${HOMES[role]}`, () => {
      expect(homeFor(role)).toBe(HOMES[role]);
    });
  }

  it('every staff home is a page the role may open', () => {
    for (const role of COLUMNS.filter((r) => r !== 'ROLE_GUEST'))
      expect(canOpen(role, homeFor(role))).toBe(true);
  });

  it('after sign-in: the remembered location wins, except for a guest and for public pages', () => {
    expect(afterLoginPath('ROLE_SALES', '/campaigns/4?tab=history')).toBe('/campaigns/4?tab=history');
    expect(afterLoginPath('ROLE_SALES', null)).toBe('/orders');
    expect(afterLoginPath('ROLE_SALES', '/login')).toBe('/orders');
    expect(afterLoginPath('ROLE_SALES', '//evil.example')).toBe('/orders');
    expect(afterLoginPath('ROLE_GUEST', '/orders')).toBe('/login');
  });

  it('knows the public paths', () => {
    expect(isPublicPath('/resource/estimate/4/token/abc/view')).toBe(true);
    expect(isPublicPath('/logout?error=wronguser')).toBe(true);
    expect(isPublicPath('/orders')).toBe(false);
  });
});

describe('menus per role: groups and visibility', () => {
  const PATRIMONIO = ['PATRIMONIO', ['Impianti', 'Circuiti', 'Squadre', 'Ordini di lavoro', 'Autorizzazioni', 'Locazioni', 'Canone unico', 'Impianti DOOH', 'Player', 'Show', 'Playlist']] as const;
  const PATRIMONIO_ASSETS = ['PATRIMONIO', ['Impianti', 'Circuiti', 'Squadre', 'Ordini di lavoro', 'Autorizzazioni', 'Locazioni', 'Canone unico']] as const;
  const PUBBLICAZIONE_ALL = [
    'PUBBLICAZIONE',
    ['Opportunità', 'Preventivi', 'Ordini', 'Campagne', 'Creatività', 'Pianificazioni', 'Inserzionisti', 'Disponibilità'],
  ] as const;
  const PUBBLICAZIONE_SALES = [
    'PUBBLICAZIONE',
    ['Opportunità', 'Preventivi', 'Ordini', 'Campagne', 'Creatività', 'Inserzionisti', 'Disponibilità'],
  ] as const;
  const INVENTARIO = ['INVENTARIO', ['Prodotti', 'Listini']] as const;
  const MEDIA = ['MEDIA MONITOR', ['Rilevazioni', 'Media Monitor', 'Gestione Campi', 'Invio ai fornitori', 'Invio alla segreteria', 'Invii programmati']] as const;
  const ANALYTICS = ['ANALYTICS', ['Dashboard Funnel', 'Programmatic DOOH', 'Media Monitor']] as const;
  const ALL_ROLES_LINKS = ['Ordini', 'Opportunità'];

  const EXPECTED: Record<Role, { groups: (readonly [string, readonly string[]])[]; links: string[] }> = {
    ROLE_ADMIN: { groups: [PATRIMONIO, PUBBLICAZIONE_ALL, INVENTARIO, MEDIA, ANALYTICS], links: [] },
    // The canone unico stands on its own for the manager, who does not see PATRIMONIO.
    ROLE_MANAGER: { groups: [], links: [...ALL_ROLES_LINKS, 'Disponibilità', 'Canone unico'] },
    ROLE_GUEST: { groups: [], links: [] },
    ROLE_ASSETMANAGER: { groups: [PATRIMONIO_ASSETS], links: [...ALL_ROLES_LINKS, 'Disponibilità'] },
    ROLE_SALES: { groups: [PUBBLICAZIONE_SALES, INVENTARIO], links: [] },
    ROLE_SALESLEADER: { groups: [PUBBLICAZIONE_SALES, INVENTARIO], links: [] },
    ROLE_MEDIAMONITOR: { groups: [MEDIA, ANALYTICS], links: ALL_ROLES_LINKS },
    // The entries of a group the role does not see, which it may open, stand on their own.
    ROLE_PLANNER: { groups: [], links: [...ALL_ROLES_LINKS, 'Invii programmati'] },
    ROLE_SUPERVISOR: { groups: [], links: ALL_ROLES_LINKS },
    ROLE_DESIGNER: { groups: [], links: [...ALL_ROLES_LINKS, 'Creatività'] },
  };

  for (const role of COLUMNS) {
    it(`${role} sees exactly its groups, entries and links`, () => {
      const menu = menuFor(role);
      expect(menu.groups.map((g) => [g.label, g.entries.map((e) => e.label)])).toEqual(
        EXPECTED[role].groups.map(([label, entries]) => [label, [...entries]]),
      );
      expect(menu.links.map((l) => l.label)).toEqual(EXPECTED[role].links);
    });
  }

  it('the groups carry their paths and targets', () => {
    expect(MENU_GROUPS.map((g) => [g.label, g.path])).toEqual([
      ['PATRIMONIO', '/ooh'],
      ['PUBBLICAZIONE', '/dooh'],
      ['INVENTARIO', '/estimates'],
      ['MEDIA MONITOR', '/mediamonitor'],
      ['ANALYTICS', '/analytics'],
    ]);
    expect(MENU_GROUPS.flatMap((g) => g.entries.map((e) => e.to))).toEqual([
      '/systems-manage/manage',
      '/circuit-manage/manage',
      '/providers/manage',
      '/providers/workOrders',
      '/authorizations',
      '/leases',
      '/canone-unico',
      '/dooh-manage/manage',
      '/dooh/players',
      '/shows-manage/manage',
      '/playerDOOH',
      '/opportunities',
      '/estimates/manage',
      '/orders',
      '/campaigns',
      '/creatives',
      '/plannings',
      '/advertisers',
      '/availability',
      '/estimates/products',
      '/estimates/products?catalogs',
      '/media/monitor',
      '/media/analytics',
      '/media/manage',
      '/media/monitor/supplier-mail',
      '/media/monitor/secretariat-mail',
      '/media/scheduled',
      '/dashboard/analytics',
      '/DOOH/analytics',
      '/media/analytics',
    ]);
  });

  it('every menu entry a role may open is in its app bar, in a group or on its own', () => {
    for (const role of COLUMNS) {
      const { groups, links } = menuFor(role);
      const reached = new Set([...groups.flatMap((g) => g.entries), ...links].map((e) => e.to));
      const missing = MENU_GROUPS.flatMap((g) => g.entries)
        .map((e) => e.to)
        .filter((to) => canOpen(role, to) && !reached.has(to));
      expect(missing, role).toEqual([]);
    }
  });

  it('every menu entry a role sees is a page it may open', () => {
    for (const role of COLUMNS) {
      const { groups, links } = menuFor(role);
      for (const entry of [...groups.flatMap((g) => g.entries), ...links])
        expect(canOpen(role, entry.to)).toBe(true);
    }
  });
});

describe('react-admin canAccess (resources follow the table)', () => {
  it('users: every action for ROLE_ADMIN only', () => {
    for (const action of ['list', 'create', 'edit', 'delete', 'show']) {
      expect(canAccessResource('ROLE_ADMIN', 'users', action)).toBe(true);
      for (const role of COLUMNS.filter((r) => r !== 'ROLE_ADMIN'))
        expect(canAccessResource(role, 'users', action)).toBe(false);
    }
  });

  it('a field resource follows its resource; an unmapped resource is admin only; no role gets nothing', () => {
    expect(canAccessResource('ROLE_ADMIN', 'users.role', 'edit')).toBe(true);
    expect(canAccessResource('ROLE_MANAGER', 'users.role', 'edit')).toBe(false);
    expect(canAccessResource('ROLE_ADMIN', 'not-yet-mapped', 'list')).toBe(true);
    // Holding faces is the sellers' (holdFaces' x-roles); reading availability adds the asset manager and manager.
    expect(COLUMNS.filter((r) => canAccessResource(r, 'reservations', 'create'))).toEqual(['ROLE_ADMIN', 'ROLE_SALES', 'ROLE_SALESLEADER']);
    expect(COLUMNS.filter((r) => canAccessResource(r, 'availability', 'list'))).toEqual(['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_ASSETMANAGER', 'ROLE_SALES', 'ROLE_SALESLEADER']);
    expect(COLUMNS.filter((r) => canAccessResource(r, 'notifications', 'list'))).toEqual(COLUMNS.filter((r) => r !== 'ROLE_GUEST'));
    expect(canAccessResource('ROLE_SALES', 'not-yet-mapped', 'list')).toBe(false);
    expect(canAccessResource(null, 'users', 'list')).toBe(false);
  });
});

describe('actions narrower than their screen follow their operation’s x-roles', () => {
  const rolesOf = (service: string, operationId: string): string[] => {
    const doc = parseYaml(readFileSync(path.resolve('openapi', `${service}.yaml`), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; 'x-roles'?: string[] }>> };
    const op = Object.values(doc.paths).flatMap((item) => Object.values(item)).find((o) => o.operationId === operationId);
    return op?.['x-roles'] ?? [];
  };

  it.each(ACTION_PERMISSIONS.map((a) => [`${a.resource}.${a.action}`, a] as const))('%s shows to exactly the roles the server lets through', (_name, a) => {
    const allowed = ROLES.filter((role) => a.operations.every(([service, op]) => rolesOf(service, op).includes(role)));
    expect(allowed.length).toBeGreaterThan(0);
    for (const role of ROLES) expect([role, canAccessResource(role, a.resource, a.action)]).toEqual([role, allowed.includes(role)]);
  });

  it('every shared type has its share row, so each record page shows the share panel to exactly the roles the share service lets share it', () => {
    for (const resource of ['estimates', 'plannings', 'campaigns', 'orders', 'systems']) {
      expect(ACTION_PERMISSIONS.some((a) => a.resource === resource && a.action === 'share'), resource).toBe(true);
    }
    expect(canAccessResource('ROLE_ASSETMANAGER', 'systems', 'share')).toBe(true);
    expect(canAccessResource('ROLE_SALES', 'plannings', 'share')).toBe(false);
  });

  it('"Nuova versione" (estimates.revise) is refused to the roles reviseEstimate refuses, whatever the estimates screen allows', () => {
    expect(ACTION_PERMISSIONS.some((a) => a.resource === 'estimates' && a.action === 'revise')).toBe(true);
    expect(canAccessResource('ROLE_MANAGER', 'estimates', 'revise')).toBe(false);
    expect(canAccessResource('ROLE_SALES', 'estimates', 'revise')).toBe(true);
  });
});
