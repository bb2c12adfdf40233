/**
 * The extra case modules the suite runs for every operation, in this order. To add purpose-built
 * cases (hostile input, say), write a module beside these (see `types.ts`) and list it here.
 */
import { conflictOnPurpose } from './conflict';
import { statusTransitions } from './transitions';
import type { CaseModule } from './types';
import { hostileRequests } from './hostile';
import { unknownQueryId } from './unknownId';

export type { CaseInput, CaseModule } from './types';

export const CASE_MODULES: CaseModule[] = [conflictOnPurpose, unknownQueryId, statusTransitions, hostileRequests];
