import type { OperationHandlers } from '../../http';
import type { operations } from '../../../src/api/generated/systems';
import { systemHandlers } from './handlers';
import { teamHandlers } from './teams';
import { permitHandlers } from './permits';

/* The systems service, split by concern: queries, writes, import/export, handlers, teams, permits, seed. */

export const handlers: OperationHandlers<operations> = { ...systemHandlers, ...teamHandlers, ...permitHandlers };
export { seed } from './seed';
export { systemsWhere, systemById } from './queries';
export { parseImport } from './importExport';
