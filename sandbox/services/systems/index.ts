import type { ServiceHandlers } from '../../http';
import { systemHandlers } from './handlers';
import { teamHandlers } from './teams';

/* The systems service, split by concern: queries, writes, import/export, handlers, teams, seed. */

export const handlers: ServiceHandlers = { ...(systemHandlers as ServiceHandlers), ...teamHandlers };
export { seed } from './seed';
export { systemsWhere, systemById } from './queries';
export { parseImport } from './importExport';
