import type { OperationHandlers } from '../../http';
import type { operations } from '../../../src/api/generated/systems';
import { systemHandlers } from './handlers';
import { teamHandlers } from './teams';

/* The systems service, split by concern: queries, writes, import/export, handlers, teams, seed. */

export const handlers: OperationHandlers<operations> = { ...systemHandlers, ...teamHandlers };
export { seed } from './seed';
export { systemsWhere, systemById } from './queries';
export { parseImport } from './importExport';
