/** The roles' Italian names, for every screen and the sandbox (plain data, no imports). */
export const ROLE_LABELS = {
  ROLE_ADMIN: 'Amministratore',
  ROLE_MANAGER: 'Manager',
  ROLE_GUEST: 'Ospite',
  ROLE_ASSETMANAGER: 'Gestore patrimonio',
  ROLE_SALES: 'Commerciale',
  ROLE_SALESLEADER: 'Responsabile commerciale',
  ROLE_MEDIAMONITOR: 'Media monitor',
  ROLE_PLANNER: 'Pianificatore',
  ROLE_SUPERVISOR: 'Supervisore',
  ROLE_DESIGNER: 'Grafico',
};
