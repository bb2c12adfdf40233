/**
 * The ten roles: nine staff roles, and ROLE_GUEST, the visitor of a tokenised link.
 * Plain data with no imports, so the sandbox (demo users, `x-roles` checks) reads the same list.
 */
export const ROLES = [
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
] as const;
export type Role = (typeof ROLES)[number];
