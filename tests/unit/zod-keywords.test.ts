import { describe, expect, it } from 'vitest';
import { z } from 'zod';
// @ts-expect-error the generation step is plain JavaScript (scripts/), without declarations
import { applyKeywords, markKeywords } from '../../scripts/zod-keywords.mjs';
import { createFrameBody } from '@/api/generated/frame.zod';
import { createCircuitBody } from '@/api/generated/circuits.zod';
import { italianErrors } from '@/ui/validation';

/* Every validation keyword of the documents reaches the zod schemas the forms validate with. */

const messageOf = (result: z.SafeParseReturnType<unknown, unknown>, field: string) =>
  result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;

const frame = { systemId: 1, name: 'Faccia A', position: 1, width: 600, height: 300 };

describe('the generated frame schema', () => {
  it('refuses a width of 0 (exclusiveMinimum: 0), in Italian, and takes 0.5', () => {
    const refused = createFrameBody.safeParse({ ...frame, width: 0 }, { errorMap: italianErrors });
    expect(messageOf(refused, 'width')).toBe('Deve essere maggiore di 0');
    expect(createFrameBody.safeParse({ ...frame, width: 0.5 }).success).toBe(true);
  });

  it('wants a whole position (type: integer)', () => {
    const refused = createFrameBody.safeParse({ ...frame, position: 1.5 }, { errorMap: italianErrors });
    expect(messageOf(refused, 'position')).toBe('Deve essere un numero intero');
  });

  it('refuses a system listed twice in a circuit (uniqueItems)', () => {
    const circuit = createCircuitBody.safeParse({ assets: [3, 3] });
    expect(circuit.success).toBe(false);
    expect(JSON.stringify(circuit.error?.issues)).toContain('app.validation.unique_items');
  });
});

/** The zod text generated from a one-schema document. */
function docWith(schema: Record<string, unknown>) {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { Thing: { type: 'object', properties: { value: schema } } } } };
}

describe('the keyword carrier of the generation step', () => {
  it('names the keyword and where it sits when no zod method carries it', () => {
    expect(() => markKeywords(docWith({ type: 'number', not: { const: 3 } }), 'openapi/thing.yaml')).toThrow(
      /openapi\/thing\.yaml#\/components\/schemas\/Thing\/properties\/value: not/,
    );
    expect(() => markKeywords(docWith({ type: 'string', format: 'ipv6' }), 'openapi/thing.yaml')).toThrow(/value: format: ipv6/);
    expect(() => markKeywords(docWith({ type: 'integer', exclusiveMinimum: true, minimum: 0 }), 'openapi/thing.yaml')).toThrow(
      /exclusiveMinimum\/exclusiveMaximum as a boolean/,
    );
  });

  it('turns a marked pattern back into the methods of the keywords, keeping a string’s own pattern', () => {
    const doc = markKeywords(docWith({ type: 'string', pattern: '^a$', format: 'ipv4' }), 'x') as {
      components: { schemas: { Thing: { properties: { value: { pattern: string } } } } };
    };
    const marker = doc.components.schemas.Thing.properties.value.pattern;
    const orvalText = `export const valueRegExp = new RegExp('${marker}');\nexport const s = zod.string().regex(valueRegExp).optional()`;
    expect(applyKeywords(orvalText)).toBe(
      `export const valueRegExp = new RegExp("^a$");\nexport const s = zod.string().ip({ version: 'v4' }).regex(valueRegExp).optional()`,
    );
  });

  it('states exclusiveMinimum and exclusiveMaximum as gt and lt', () => {
    const doc = markKeywords(docWith({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 }), 'x') as {
      components: { schemas: { Thing: { properties: { value: { pattern: string } } } } };
    };
    const marker = doc.components.schemas.Thing.properties.value.pattern;
    expect(applyKeywords(`export const vRegExp = new RegExp('${marker}');\nzod.number().regex(vRegExp)`)).toBe('zod.number().gt(0).lt(10)');
  });
});
