import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeSchema } from '../../scripts/generate-fields.mjs';
import { SUB_ITEM_TYPES } from '../../src/api/audit';
import { SYSTEM_KINDS, SYSTEM_STATUSES } from '../../src/api/systemCodes';
import { SUB_ITEM_TYPES as SANDBOX_SUB_ITEM_TYPES } from '../../sandbox/services/audit/model';

/*
 * src/api/generated/<service>.fields.ts: the zod schemas' fields as plain data, for the code loaded
 * at start (the data providers), so that zod is loaded only by the forms that validate with it.
 */

describe('the fields of a zod schema as plain data', () => {
  it('sees through optional, nullable, default and refined values, into objects, arrays and enums', () => {
    const schema = z.object({
      name: z.string().max(3),
      kind: z.enum(['OOH', 'DOOH']).default('OOH'),
      status: z.enum(['active', 'removed']).nullable().optional(),
      tags: z.array(z.string()).superRefine(() => undefined).optional(),
      lines: z.array(z.object({ productId: z.number(), price: z.number().optional() })),
      items: z.object({ media_type: z.array(z.number()) }).optional().default({ media_type: [] }),
    });
    expect(describeSchema(schema)).toEqual({
      fields: {
        name: {},
        kind: { options: ['OOH', 'DOOH'] },
        status: { options: ['active', 'removed'] },
        tags: { element: {} },
        lines: { element: { fields: { productId: {}, price: {} } } },
        items: { fields: { media_type: { element: {} } } },
      },
    });
  });


  it('gives the app the document’s enums and object keys', () => {
    expect(SYSTEM_KINDS).toEqual(['OOH', 'DOOH']);
    expect(SYSTEM_STATUSES).toEqual(['initialized', 'active', 'maintenance', 'removed']);
    // The sub-item types are the keys of a detection's `items` object in the document.
    expect([...SUB_ITEM_TYPES].sort()).toEqual([...SANDBOX_SUB_ITEM_TYPES].sort());
    expect(SUB_ITEM_TYPES.length).toBeGreaterThan(3);
  });
});
