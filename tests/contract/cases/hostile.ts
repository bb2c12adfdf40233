/**
 * Hostile requests, expected as the documents state them and only where they do:
 *
 * - a malformed percent escape in a path segment, a lone surrogate in a JSON string, a JSON body
 *   nested deeper than allowed → as the document's `x-request-rules` state (`badText`,
 *   `maxJsonDepth`: 400); a document that states no such rule gets none of these cases;
 * - a number beyond the `maximum` of a body field, written as `1e400` (no finite number) → 400;
 * - a reference to a record that does not exist (`…Id` of the body) → 422, where the operation
 *   declares `422 UnknownReference`.
 *
 * Every expected status must be one the operation declares.
 */
import type { Expectation, RequestCase, RequestSpec } from '../requests';
import { declaredRefusal, requestRules, UNKNOWN_ID } from '../requests';
import { mainType, resolveSchema } from '../values';
import type { CaseInput, CaseModule } from './types';

/** A malformed percent escape: `%` not followed by two hex digits. */
export const BAD_ESCAPE = '%ZZ';
/** A JSON string holding a lone (high) surrogate. */
export const LONE_SURROGATE = '"\\ud800"';
/** A number no double can hold. */
export const OUT_OF_RANGE = '1e400';
const PLACEHOLDER = '"__contract_placeholder__"';

function rawJson(value: Record<string, unknown>, field: string, text: string): string {
  return JSON.stringify({ ...value, [field]: JSON.parse(PLACEHOLDER) as string }).replace(PLACEHOLDER, text);
}

function bodySchema(input: CaseInput, contentType: string): Record<string, unknown> {
  return resolveSchema(input.doc, input.op.requestBody?.content?.[contentType]?.schema ?? {});
}

function property(input: CaseInput, schema: Record<string, unknown>, name: string): Record<string, unknown> {
  return resolveSchema(input.doc, ((schema.properties ?? {}) as Record<string, unknown>)[name] ?? {});
}

/** The status the document's bad-text rule gives (a mock reads no `x-` extension). */
function badTextStatus(input: CaseInput): number | undefined {
  return input.mock ? undefined : requestRules(input.doc).badText;
}

function refusal(status: number): Expectation {
  return { kind: 'rejected', statuses: [status], declaredOnly: true };
}

export function hostileCases(input: CaseInput): RequestCase[] {
  const { op, valid } = input;
  const out: RequestCase[] = [];
  const badText = badTextStatus(input);
  const rules = requestRules(input.doc);

  const pathParam = op.parameters.find((p) => p.in === 'path');
  if (badText && pathParam) {
    const rawPath = valid.path.replace(/\{([^}]+)\}/g, (_all, name: string) => (name === pathParam.name ? BAD_ESCAPE : encodeURIComponent(valid.pathParams[name] ?? '')));
    out.push({ id: `hostile.percent:${pathParam.name}`, label: `path "${pathParam.name}" with a malformed percent escape (${BAD_ESCAPE}) → ${badText}`, request: { ...valid, rawPath }, expect: refusal(badText), handlerLevel: false });
  }

  const body = valid.body;
  if (body?.type !== 'json' || !body.value || typeof body.value !== 'object' || Array.isArray(body.value)) return out;
  const value = body.value as Record<string, unknown>;
  const schema = bodySchema(input, body.contentType);
  const names = Object.keys(value);
  const raw = (text: string): RequestSpec => ({ ...valid, body: { type: 'raw', contentType: body.contentType, text } });

  const stringField = names.find((n) => typeof value[n] === 'string');
  if (badText && stringField) {
    out.push({ id: `hostile.surrogate:/${stringField}`, label: `body /${stringField} holding a lone surrogate (\\ud800) → ${badText}`, request: raw(rawJson(value, stringField, LONE_SURROGATE)), expect: refusal(badText), handlerLevel: false });
  }

  const depth = rules.maxJsonDepth;
  if (depth && !input.mock && names.length) {
    const deep = `${'['.repeat(depth + 8)}${']'.repeat(depth + 8)}`;
    out.push({ id: `hostile.depth:/${names[0]}`, label: `body /${names[0]} nested ${depth + 8} levels deep (more than ${depth}) → 400`, request: raw(rawJson(value, names[0], deep)), expect: refusal(400), handlerLevel: false });
  }

  const numeric = names.find((n) => {
    const prop = property(input, schema, n);
    return (mainType(prop) === 'integer' || mainType(prop) === 'number') && (prop.maximum !== undefined || prop.exclusiveMaximum !== undefined) && prop.readOnly !== true;
  });
  if (numeric) {
    out.push({ id: `hostile.range:/${numeric}`, label: `body /${numeric} = ${OUT_OF_RANGE} (beyond its maximum, and any double) → 400`, request: raw(rawJson(value, numeric, OUT_OF_RANGE)), expect: declaredRefusal(op, 400), handlerLevel: false });
  }

  // A reference to nothing: where the operation declares 422 UnknownReference.
  const declares422 = /UnknownReference$/.test(String((op.raw as { responses?: Record<string, { $ref?: unknown }> }).responses?.['422']?.$ref ?? ''));
  if (declares422 && !input.mock && input.mode === 'write') {
    // A field holding the id the path or query names is the record itself (`auditId` of the detection it updates), no reference.
    const requestIds = new Set([...Object.values(valid.pathParams), ...valid.query.map(([, v]) => v)]);
    const namesTheRecord = (n: string) => typeof value[n] === 'number' && requestIds.has(String(value[n]));
    const reference = names.find((n) => /^[a-z][A-Za-z]*Ids?$/.test(n) && n !== 'id' && !namesTheRecord(n) && ['integer', 'array'].includes(mainType(property(input, schema, n)) ?? ''));
    if (reference) {
      const unknown = Array.isArray(value[reference]) ? [UNKNOWN_ID] : UNKNOWN_ID;
      // A create of a resource with unique values gets fresh ones, as its fixture makes them: else the values the valid request took refuse it first (409).
      const fresh = input.creates && input.uniqueResource ? { freshUnique: [reference] } : {};
      out.push({ id: `hostile.reference:/${reference}`, label: `body /${reference} names no record (${UNKNOWN_ID}) → 422`, request: { ...valid, body: { ...body, value: { ...value, [reference]: unknown } } }, expect: { kind: 'rejected', statuses: [422], declaredOnly: true }, handlerLevel: true, ...fresh });
    }
  }
  return out;
}

export const hostileRequests: CaseModule = { name: 'hostile', cases: hostileCases };
