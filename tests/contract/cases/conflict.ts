/** A conflict on purpose: a create whose valid request succeeded, sent again with the same unique values → 409. */
import type { CaseModule } from './types';

export const conflictOnPurpose: CaseModule = {
  name: 'conflict',
  cases({ op, valid, validResponse, uniqueResource, mode, mock }) {
    // A mock keeps no records: nothing to conflict with.
    if (mode !== 'write' || mock || !uniqueResource || !('409' in op.responses)) return [];
    if (!validResponse || validResponse.status < 200 || validResponse.status >= 300) return [];
    return [
      {
        id: 'conflict.repeat',
        label: 'the same create again (same unique values) → 409',
        request: valid,
        expect: { kind: 'rejected', statuses: [409], declaredOnly: true },
        handlerLevel: true,
      },
    ];
  },
};
