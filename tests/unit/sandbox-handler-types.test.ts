import { describe, expect, expectTypeOf, it } from 'vitest';
import type { operations as FrameOperations } from '../../src/api/generated/frame';
import type { OperationHandlers } from '../../sandbox/http';
import { defineHandlers } from '../../sandbox/typed';
import { SERVICE_MODULES } from '../../sandbox/services';

/* Every operation of a document has its sandbox handler: checked by tsc (tests/ is typechecked) and run by vitest. */

describe('the sandbox’s handlers', () => {
  it('are keyed by the generated operationIds, every one required', () => {
    expectTypeOf<keyof typeof SERVICE_MODULES.frame.handlers>().toEqualTypeOf<keyof FrameOperations>();
    expectTypeOf(SERVICE_MODULES.frame.handlers).toMatchTypeOf<OperationHandlers<FrameOperations>>();
    type Ops = { listThings: { parameters: object; responses: object }; getThing: { parameters: object; responses: object } };
    // @ts-expect-error `getThing` has no handler
    const partial = defineHandlers<Ops>({ listThings: () => [] });
    expect(Object.keys(partial)).toEqual(['listThings']);
    expect(Object.keys(SERVICE_MODULES.frame.handlers).sort()).toEqual([
      'createFrame',
      'createMakeGood',
      'createTeamLink',
      'createWorkOrder',
      'createWorkOrdersFromPlanning',
      'deleteFrame',
      'downloadWorkOrderPhoto',
      'exportCanoneUnico',
      'getCampaignDelivery',
      'getCanoneUnicoSummary',
      'getFieldOrders',
      'getFrame',
      'getProofOfPosting',
      'getProofOfPostingPdf',
      'getWorkOrder',
      'listCanoneUnicoFaces',
      'listCanoneUnicoRates',
      'listFrames',
      'listWorkOrders',
      'markFieldOrderDone',
      'reportFieldProblem',
      'updateCanoneUnicoRate',
      'updateFrame',
      'updateWorkOrder',
      'uploadFieldPhoto',
    ]);
  });
});
