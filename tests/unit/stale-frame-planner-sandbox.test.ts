// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../sandbox/db';
import { italianMoment } from '../../sandbox/store';
import { callJson, serveSandbox, type Answer, type ServedSandbox, type StaleRefusal } from './support/sandboxHttp';
import { openSmallSeed } from './support/smallSeed';

/*
 * No silent overwrites in the frame and planner services: a frame, a work order and a planning
 * are read with their `lockVersion`; an update that sends back one the record no longer has is
 * refused with 409 naming who saved it and when, and writes nothing; one without it is not checked.
 */

let db: Db;
let served: ServedSandbox;
let base = '';
const tokens: Record<string, string> = {};

type Row = Record<string, unknown> & { id: number; lockVersion: number };

const api = <T = Record<string, unknown>>(as: string, method: string, path: string, body?: unknown) =>
  callJson<T>(base, tokens[as], method, path, body);

beforeAll(async () => {
  db = await openSmallSeed();
  served = await serveSandbox(db);
  base = served.base;
  for (const u of ['admin', 'assetmanager']) tokens[u] = await served.signIn(u);
}, 180_000);

afterAll(async () => {
  await served?.close();
  await db?.close();
});

/** A refusal naming `who` and the moment of its `modifiedAt` (now), with the record's version now. */
function expectRefusal(answer: Answer<unknown>, subject: string, who: string, lockVersion: number) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(409);
  const body = answer.body as StaleRefusal;
  expect(body.modifiedBy).toBe(who);
  const at = Date.parse(body.modifiedAt!);
  expect(Math.abs(at - Date.now())).toBeLessThan(60_000);
  expect(body.message).toBe(
    `${subject} da ${who} ${italianMoment(new Date(at))} dopo che l'hai ${subject.startsWith('Questa') ? 'aperta' : 'aperto'}`,
  );
  expect(body.lockVersion).toBe(lockVersion);
}

describe('a frame (updateFrame)', () => {
  it('is read with its version; a stale save is refused naming who and when, the frame unchanged', async () => {
    const list = await api<Row[]>('assetmanager', 'GET', '/frame/v1/frames?range=[0,0]');
    const { id, lockVersion, slots: _slots, netSurface: _surface, ...fields } = list.body[0];
    expect(lockVersion).toEqual(expect.any(Number));
    expect((await api<Row>('assetmanager', 'GET', `/frame/v1/frames/${id}`)).body.lockVersion).toBe(
      lockVersion,
    );

    const first = await api<Row>('assetmanager', 'PUT', `/frame/v1/frames/${id}`, {
      ...fields,
      id,
      name: 'Faccia Giulia',
      lockVersion,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.lockVersion).toEqual(expect.any(Number));
    expect(first.body.lockVersion).not.toBe(lockVersion);

    const stale = await api('admin', 'PUT', `/frame/v1/frames/${id}`, {
      ...fields,
      id,
      name: 'Faccia Alessandra',
      lockVersion,
    });
    expectRefusal(stale, 'Questo frame è stato modificato', 'Giulia Romano', first.body.lockVersion);
    expect((await api<Row>('admin', 'GET', `/frame/v1/frames/${id}`)).body).toMatchObject({
      name: 'Faccia Giulia',
      lockVersion: first.body.lockVersion,
    });

    const fresh = await api<Row>('admin', 'PUT', `/frame/v1/frames/${id}`, {
      ...fields,
      id,
      name: 'Faccia Alessandra',
      lockVersion: first.body.lockVersion,
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    const unchecked = await api<Row>('assetmanager', 'PUT', `/frame/v1/frames/${id}`, {
      ...fields,
      id,
      name: String(fields.name),
    });
    expect(unchecked.status, JSON.stringify(unchecked.body)).toBe(200);
  });
});

describe('a work order (updateWorkOrder)', () => {
  it('is read with its version; a stale save is refused naming who and when, the order unchanged', async () => {
    const frame = (await api<Row[]>('admin', 'GET', '/frame/v1/frames?range=[1,1]')).body[0];
    const created = await api<Row>('admin', 'POST', '/frame/v1/workOrders', {
      frameId: frame.id,
      type: 'maintenance',
      dueDate: '2030-03-04',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const order = (await api<Row>('admin', 'GET', `/frame/v1/workOrders/${created.body.id}`)).body;
    expect(order.lockVersion).toEqual(expect.any(Number));
    expect(
      (
        await api<Row[]>(
          'admin',
          'GET',
          `/frame/v1/workOrders?filter=${encodeURIComponent(JSON.stringify({ id: [order.id] }))}`,
        )
      ).body[0]?.lockVersion,
    ).toBe(order.lockVersion);
    const input = (notes: string, lockVersion?: number) => ({
      frameId: order.frameId,
      type: order.type,
      dueDate: order.dueDate,
      teamId: order.teamId,
      notes,
      ...(lockVersion === undefined ? {} : { lockVersion }),
    });
    const first = await api<Row>(
      'assetmanager',
      'PUT',
      `/frame/v1/workOrders/${order.id}`,
      input('Nota di Giulia', order.lockVersion),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.lockVersion).not.toBe(order.lockVersion);

    const stale = await api(
      'admin',
      'PUT',
      `/frame/v1/workOrders/${order.id}`,
      input('Nota di Alessandra', order.lockVersion),
    );
    expectRefusal(
      stale,
      'Questo ordine di lavoro è stato modificato',
      'Giulia Romano',
      first.body.lockVersion,
    );
    expect((await api<Row>('admin', 'GET', `/frame/v1/workOrders/${order.id}`)).body).toMatchObject({
      notes: 'Nota di Giulia',
      lockVersion: first.body.lockVersion,
    });

    const unchecked = await api<Row>(
      'admin',
      'PUT',
      `/frame/v1/workOrders/${order.id}`,
      input('Senza versione'),
    );
    expect(unchecked.status, JSON.stringify(unchecked.body)).toBe(200);
    expect(unchecked.body.notes).toBe('Senza versione');
  });
});

describe('a planning (updatePlanning)', () => {
  it('is read with its version; a stale save is refused before its status move is checked, nothing written', async () => {
    const list = await api<Row[]>('admin', 'GET', '/planner/v1/plannings?range=[0,9]');
    const planning = list.body.find((p) => p.status === 'draft') ?? list.body[0];
    expect(planning.lockVersion).toEqual(expect.any(Number));
    const input = (name: string, extra: Record<string, unknown> = {}) => ({
      id: planning.id,
      name,
      campaignId: planning.campaignId,
      periodStart: planning.periodStart,
      periodEnd: planning.periodEnd,
      status: planning.status,
      ...extra,
    });
    const first = await api<Row>(
      'admin',
      'PUT',
      `/planner/v1/plannings/${planning.id}`,
      input('Pianificazione rinominata', { lockVersion: planning.lockVersion }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.lockVersion).not.toBe(planning.lockVersion);

    // A move the rules refuse too (draft → closed): the stale version is what the answer names.
    const stale = await api(
      'admin',
      'PUT',
      `/planner/v1/plannings/${planning.id}`,
      input('Pianificazione vecchia', { status: 'closed', lockVersion: planning.lockVersion }),
    );
    expectRefusal(
      stale,
      'Questa pianificazione è stata modificata',
      'Alessandra Conti',
      first.body.lockVersion,
    );
    expect((await api<Row>('admin', 'GET', `/planner/v1/plannings/${planning.id}`)).body).toMatchObject({
      name: 'Pianificazione rinominata',
      status: planning.status,
      lockVersion: first.body.lockVersion,
    });

    const fresh = await api<Row>(
      'admin',
      'PUT',
      `/planner/v1/plannings/${planning.id}`,
      input('Pianificazione di nuovo', { lockVersion: first.body.lockVersion }),
    );
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    const unchecked = await api<Row>(
      'admin',
      'PUT',
      `/planner/v1/plannings/${planning.id}`,
      input(String(planning.name)),
    );
    expect(unchecked.status, JSON.stringify(unchecked.body)).toBe(200);
  });
});
