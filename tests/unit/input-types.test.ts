import { describe, expect, expectTypeOf, it } from 'vitest';
import type { GetOneResult, RaRecord } from 'react-admin';
import type { createAdvertiser, updateAdvertiser } from '@/api/advertiser';
import type { FrameInput } from '@/api/frame';
import type { DeviceInput, PlaylistInput, ShowInput } from '@/api/device';
import type { SchemaAdvertiserInput } from '@/api/generated/advertiser';
import type { SchemaDetectionInput } from '@/api/generated/audit';
import type { SchemaCampaignInput, SchemaCampaignMemberInput } from '@/api/generated/campaign';
import type { SchemaCatalogInput } from '@/api/generated/catalogue';
import type { SchemaCreativeUpdate } from '@/api/generated/creativity';
import type { SchemaOpportunityInput } from '@/api/generated/opportunity';
import type { SchemaOrderCampaignInput, SchemaOrderInput } from '@/api/generated/order';
import type { SchemaPlanningInput, SchemaPlanningItemInput } from '@/api/generated/planner';
import type { SchemaProductInput } from '@/api/generated/product';
import type { SchemaSystemInput, SchemaTeamInput } from '@/api/generated/systems';
import type { SchemaUserInput, SchemaUserUpdate } from '@/api/generated/user';
import { advertiserInputOf } from '@/dataProviders/advertisers';
import { campaignInputOf, campaignMemberInputOf } from '@/dataProviders/campaigns';
import { catalogInputOf } from '@/dataProviders/catalogs';
import { creativeInputOf } from '@/dataProviders/creatives';
import { detectionInputOf } from '@/dataProviders/detections';
import { deviceInputOf, playlistInputOf, showInputOf } from '@/dataProviders/devices';
import { frameInputOf } from '@/dataProviders/frames';
import { opportunityInputOf } from '@/dataProviders/opportunities';
import { orderCampaignInputOf, orderInputOf } from '@/dataProviders/orders';
import { planningInputOf, planningItemInputOf } from '@/dataProviders/plannings';
import { productSaveOf } from '@/dataProviders/products';
import { inputOf, toOne, type InputReaders } from '@/dataProviders/shared';
import { systemInputOf } from '@/dataProviders/systems';
import { teamInputOf } from '@/dataProviders/teams';
import { userInputOf, userUpdateOf } from '@/dataProviders/users';

/*
 * What a data provider sends is typed by the generated request types, exactly; checked by tsc (the
 * typecheck step covers tests/) and run by vitest. A type that drifted from the document's fails
 * the typecheck here.
 */

describe('the body a data provider sends', () => {
  it('is, for every save, exactly the generated input type', () => {
    expectTypeOf(advertiserInputOf).returns.toEqualTypeOf<SchemaAdvertiserInput>();
    expectTypeOf<Parameters<typeof createAdvertiser>[0]>().toEqualTypeOf<SchemaAdvertiserInput>();
    expectTypeOf<Parameters<typeof updateAdvertiser>[0]>().toEqualTypeOf<SchemaAdvertiserInput & { id: number }>();
    expectTypeOf(catalogInputOf).returns.toEqualTypeOf<SchemaCatalogInput>();
    expectTypeOf(productSaveOf).returns.toEqualTypeOf<{ body: SchemaProductInput; catalogIds: number[] }>();
    expectTypeOf(teamInputOf).returns.toEqualTypeOf<SchemaTeamInput>();
    expectTypeOf(userInputOf).returns.toEqualTypeOf<SchemaUserInput>();
    expectTypeOf(userUpdateOf).returns.toEqualTypeOf<SchemaUserUpdate>();
    expectTypeOf(systemInputOf).returns.toEqualTypeOf<SchemaSystemInput>();
    expectTypeOf(detectionInputOf).returns.toEqualTypeOf<SchemaDetectionInput>();
    expectTypeOf(opportunityInputOf).returns.toEqualTypeOf<SchemaOpportunityInput>();
    expectTypeOf(frameInputOf).returns.toEqualTypeOf<FrameInput>();
    expectTypeOf(deviceInputOf).returns.toEqualTypeOf<DeviceInput>();
    expectTypeOf(showInputOf).returns.toEqualTypeOf<ShowInput>();
    expectTypeOf(playlistInputOf).returns.toEqualTypeOf<PlaylistInput>();
    expectTypeOf(campaignInputOf).returns.toEqualTypeOf<SchemaCampaignInput>();
    expectTypeOf(campaignMemberInputOf).returns.toEqualTypeOf<SchemaCampaignMemberInput>();
    expectTypeOf(creativeInputOf).returns.toEqualTypeOf<SchemaCreativeUpdate>();
    expectTypeOf(orderInputOf).returns.toEqualTypeOf<SchemaOrderInput>();
    expectTypeOf(orderCampaignInputOf).returns.toEqualTypeOf<SchemaOrderCampaignInput>();
    expectTypeOf(planningInputOf).returns.toEqualTypeOf<SchemaPlanningInput>();
    expectTypeOf(planningItemInputOf).returns.toEqualTypeOf<SchemaPlanningItemInput>();
  });

  it('names how the form gives every required field: one left out is a compile error', () => {
    type Input = { name: string; width: number; notes?: string };
    const schema = { fields: { name: {}, width: {}, notes: {} } };
    // @ts-expect-error `width` is required by the input and has no reader
    const missing: InputReaders<Input> = { name: 'form' };
    expect(missing).toEqual({ name: 'form' });
    // @ts-expect-error a schema without the input's `notes` is not that input's schema
    inputOf<Input>({ fields: { name: {}, width: {} } }, { name: 'form', width: 'form' });
    const toInput = inputOf<Input>(schema, { name: 'form', width: (v) => Number(v) }, { trim: true });
    expect(toInput({ id: 3, name: ' Faccia A ', width: '600', notes: '', createdAt: 'x' })).toEqual({ name: 'Faccia A', width: 600 });
  });

  it('sends exactly the generated schema’s fields, a new optional one included, and a cleared one as null when asked', () => {
    const toInput = inputOf<{ a: string; b?: string; c?: number | null }>(
      { fields: { a: {}, b: {}, c: {} } },
      { a: 'form' },
      { empty: 'null' },
    );
    expect(toInput({ a: 'x', b: '', c: 4, other: 1 })).toEqual({ a: 'x', b: null, c: 4 });
    expect(toInput({ a: 'x' })).toEqual({ a: 'x' });
  });
});

describe('the react-admin boundary', () => {
  it('hands a service’s record to react-admin as the record the caller asked for', () => {
    type Frame = { id: number; name: string };
    const result: GetOneResult<Frame> = toOne<Frame>({ id: 1, name: 'Faccia A' });
    expectTypeOf(result.data).toEqualTypeOf<Frame>();
    expectTypeOf(toOne).parameter(0).toEqualTypeOf<RaRecord>();
    expect(result).toEqual({ data: { id: 1, name: 'Faccia A' } });
  });
});
