import { ROLES, type Role } from '../../src/auth/roles';

export const DEMO_PASSWORD = 'demo';

const NAMES: Record<Role, [string, string]> = {
  ROLE_ADMIN: ['Alessandra', 'Conti'],
  ROLE_MANAGER: ['Marco', 'Ferrari'],
  ROLE_GUEST: ['Ospite', 'Esterno'],
  ROLE_ASSETMANAGER: ['Giulia', 'Romano'],
  ROLE_SALES: ['Luca', 'Bianchi'],
  ROLE_SALESLEADER: ['Francesca', 'Colombo'],
  ROLE_MEDIAMONITOR: ['Davide', 'Ricci'],
  ROLE_PLANNER: ['Sara', 'Marino'],
  ROLE_SUPERVISOR: ['Paolo', 'Greco'],
  ROLE_DESIGNER: ['Elena', 'Bruno'],
};

/** One demo user per role: the role without ROLE_, lower case; password "demo" (docs/ARCHITECTURE.md). */
export const DEMO_USERS = ROLES.map((role) => {
  const username = role.replace('ROLE_', '').toLowerCase();
  const [name, surname] = NAMES[role];
  return { username, role, name, surname, email: `${username}@demo.ooh.it` };
});
