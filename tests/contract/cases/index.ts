/**
 * The extra case modules the suite runs for every operation, in this order. To add purpose-built
 * cases (hostile input, say), write a module beside these (see `types.ts`) and list it here.
 */
import { conflictOnPurpose } from './conflict';
import { statusTransitions } from './transitions';
import type { CaseModule } from './types';
import { hostileRequests } from './hostile';
import { staleUpdates } from './stale';
import { unknownQueryId } from './unknownId';

export type { CaseInput, CaseModule } from './types';

/** The status walk comes last: it leaves the record in a final status, where no other case could change it. */
export const CASE_MODULES: CaseModule[] = [conflictOnPurpose, staleUpdates, unknownQueryId, hostileRequests, statusTransitions];
