// @vitest-environment node
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { ReceivedResponse } from '../contract/check';
import type { OpenApiDocument } from '../contract/document';
import type { RequestSpec } from '../contract/requests';
import { generateRules } from '../../scripts/generate-rules.mjs';
import * as campaign from '@/api/generated/campaign.rules';
import * as estimate from '@/api/generated/estimate.rules';
import * as order from '@/api/generated/order.rules';
import * as planner from '@/api/generated/planner.rules';
import { esecuzione } from '@/i18n/it/esecuzione';
import { vendite } from '@/i18n/it/vendite';

/*
 * The generated status rules: what each document's `x-transitions` and `x-labels` state, the final
 * statuses marked, the screens' Italian labels the same as the documents'; and the generator refuses
 * a table that does not fit its enum.
 */

type Table = Readonly<Record<string, readonly string[]>>;
interface StatusSchema {
  enum: string[];
  'x-transitions': Record<string, string[]>;
  'x-labels': Record<string, string>;
}

const schemaOf = (service: string, name: string) =>
  (parseYaml(readFileSync(`openapi/${service}.yaml`, 'utf8')) as { components: { schemas: Record<string, StatusSchema> } }).components.schemas[name];

const RULES: Array<{ service: string; schema: string; transitions: Table; final: readonly string[]; labels: Record<string, string>; screen: Record<string, string> }> = [
  { service: 'order', schema: 'OrderStatus', transitions: order.OrderStatusTransitions, final: order.OrderStatusFinal, labels: order.OrderStatusLabels, screen: esecuzione.orders.status as Record<string, string> },
  { service: 'planner', schema: 'PlanningStatus', transitions: planner.PlanningStatusTransitions, final: planner.PlanningStatusFinal, labels: planner.PlanningStatusLabels, screen: esecuzione.plannings.status as Record<string, string> },
  { service: 'campaign', schema: 'CampaignStatus', transitions: campaign.CampaignStatusTransitions, final: campaign.CampaignStatusFinal, labels: campaign.CampaignStatusLabels, screen: esecuzione.campaigns.status as Record<string, string> },
  { service: 'estimate', schema: 'EstimateStatus', transitions: estimate.EstimateStatusTransitions, final: estimate.EstimateStatusFinal, labels: estimate.EstimateStatusLabels, screen: vendite.estimates.status as Record<string, string> },
];

describe.each(RULES)('$service: $schema', (rules) => {
  const schema = schemaOf(rules.service, rules.schema);
  it('the generated table, final statuses and labels are the document’s', () => {
    expect(rules.transitions).toEqual(schema['x-transitions']);
    expect(Object.keys(rules.transitions)).toEqual(schema.enum);
    expect(rules.final).toEqual(schema.enum.filter((s) => schema['x-transitions'][s].length === 0));
    expect(rules.labels).toEqual(schema['x-labels']);
  });
  it('the screens name each status as the document does', () => {
    expect(rules.screen).toEqual(rules.labels);
  });
});

describe('the rules as the product states them (written here, independently)', () => {
  it('orders: draft → confirmed → closed, cancelled from draft or confirmed; closed and cancelled final', () => {
    expect(order.OrderStatusTransitions).toEqual({ draft: ['confirmed', 'cancelled'], confirmed: ['closed', 'cancelled'], closed: [], cancelled: [] });
    expect(order.OrderStatusFinal).toEqual(['closed', 'cancelled']);
    expect(order.OrderStatusLabels).toEqual({ draft: 'Bozza', confirmed: 'Confermato', closed: 'Chiuso', cancelled: 'Annullato' });
  });
  it('plannings: draft → confirmed → closed, back to draft from confirmed, cancelled before closing', () => {
    expect(planner.PlanningStatusTransitions).toEqual({ draft: ['confirmed', 'cancelled'], confirmed: ['draft', 'closed', 'cancelled'], closed: [], cancelled: [] });
    expect(planner.PlanningStatusFinal).toEqual(['closed', 'cancelled']);
  });
  it('campaigns: a running campaign pauses and resumes; completed and cancelled final', () => {
    expect(campaign.CampaignStatusTransitions.running).toEqual(['paused', 'completed', 'cancelled']);
    expect(campaign.CampaignStatusTransitions.paused).toEqual(['running', 'cancelled']);
    expect(campaign.CampaignStatusFinal).toEqual(['completed', 'cancelled']);
  });
  it('estimates: only accepted is final', () => {
    expect(estimate.EstimateStatusFinal).toEqual(['accepted']);
    expect(estimate.EstimateStatusTransitions.sent).toEqual(['accepted', 'rejected', 'expired']);
  });
});

describe('the generator', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rules-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const doc = async (schema: Record<string, unknown>) => {
    const file = path.join(dir, 'test.yaml');
    await writeFile(file, JSON.stringify({ components: { schemas: { TestStatus: { type: 'string', enum: ['a', 'b'], ...schema } } } }));
    return file;
  };

  it('writes the table, the final values and the labels', async () => {
    await generateRules('test', await doc({ 'x-transitions': { a: ['b'], b: [] }, 'x-labels': { a: 'Alfa', b: 'Beta' } }), dir);
    const text = await readFile(path.join(dir, 'test.rules.ts'), 'utf8');
    expect(text).toContain('export const TestStatusTransitions');
    expect(text).toMatch(/export const TestStatusFinal: readonly SchemaTestStatus\[\] = \[\s*"b"\s*\];/);
    expect(text).toContain('"a": "Alfa"');
  });

  it.each([
    ['a value left out', { 'x-transitions': { a: ['b'] } }, /missing b/],
    ['an unknown value', { 'x-transitions': { a: ['b'], b: [], c: [] } }, /unknown c/],
    ['an unknown target', { 'x-transitions': { a: ['z'], b: [] } }, /unknown target z/],
    ['a move to itself', { 'x-transitions': { a: ['a'], b: [] } }, /a move to itself/],
    ['a label missing', { 'x-transitions': { a: ['b'], b: [] }, 'x-labels': { a: 'Alfa' } }, /one label for each value/],
  ])('refuses %s', async (_what, schema, message) => {
    await rm(path.join(dir, 'test.rules.ts'), { force: true });
    await expect(generateRules('test', await doc(schema), dir)).rejects.toThrow(message);
    expect(existsSync(path.join(dir, 'test.rules.ts'))).toBe(false);
  });
});

describe('the contract walk through a table', () => {
  it('refuses every other move of each status reached and moves on, non-final statuses first', async () => {
    const { walk } = await import('../contract/cases/transitions');
    const steps = walk({ draft: ['confirmed', 'cancelled'], confirmed: ['closed', 'cancelled'], closed: [], cancelled: [] }, 'draft', false);
    expect(steps.map((s) => `${s.from}>${s.to}${s.allowed ? '' : ' 409'}`)).toEqual([
      'draft>draft 409',
      'draft>closed 409',
      'draft>confirmed',
      'confirmed>draft 409',
      'confirmed>confirmed 409',
      'confirmed>cancelled',
      'cancelled>draft 409',
      'cancelled>confirmed 409',
      'cancelled>closed 409',
      'cancelled>cancelled 409',
    ]);
    expect(walk({ a: ['b'], b: [] }, 'a', true).map((s) => `${s.from}>${s.to}`)).toEqual(['a>b', 'b>a']);
  });

  it('walks a kept record only: a mock, which keeps none, gets no move', async () => {
    const { statusTransitions } = await import('../contract/cases/transitions');
    const { listOperations } = await import('../contract/document');
    const doc = parseYaml(`
openapi: 3.1.0
info: { title: Orders, version: 1.0.0 }
paths:
  /orders/{id}/transitions:
    post:
      operationId: moveOrder
      parameters: [ { name: id, in: path, required: true, schema: { type: integer }, example: 1 } ]
      requestBody:
        required: true
        content: { application/json: { schema: { type: object, properties: { to: { $ref: '#/components/schemas/S' } } }, example: { to: b } } }
      responses:
        '200': { description: ok }
        '409': { description: refused }
components:
  schemas:
    S: { type: string, enum: [a, b, c], x-transitions: { a: [b], b: [c], c: [] } }
`) as OpenApiDocument;
    const op = listOperations('orders', doc)[0];
    const valid = { method: 'post', path: '/orders/{id}/transitions', pathParams: { id: '1' }, query: [], body: { type: 'json', contentType: 'application/json', value: { to: 'b' } } } as unknown as RequestSpec;
    const validResponse = { status: 200, headers: new Headers({ 'content-type': 'application/json' }), body: new TextEncoder().encode('{"status":"b"}') } as ReceivedResponse;
    const input = { op, doc, key: 'orders.moveOrder', valid, validResponse, uniqueResource: false, mode: 'write' as const };
    expect(statusTransitions.cases(input).map((c) => c.id)).toEqual(['transitions.b>a', 'transitions.b>b', 'transitions.b>c', 'transitions.c>a', 'transitions.c>b', 'transitions.c>c']);
    expect(statusTransitions.cases({ ...input, mock: true })).toEqual([]);
  });
});
