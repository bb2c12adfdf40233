// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../sandbox/clock';
import type { Db } from '../../sandbox/db';
import { italianMoment } from '../../sandbox/store';
import { callJson, serveSandbox, type Answer, type ServedSandbox, type StaleRefusal } from './support/sandboxHttp';
import { openSmallSeed } from './support/smallSeed';

/*
 * No silent overwrites: an update that sends back the `lockVersion` it read is refused with 409
 * once someone else has saved the record, naming who and when, and writes nothing; a fresh one
 * passes and moves the version; one without `lockVersion` is not checked.
 */

let db: Db;
let served: ServedSandbox;
let base = '';
const tokens: Record<string, string> = {};

const signIn = (username: string) => served.signIn(username);


const api = <T = Record<string, unknown>>(as: string, method: string, path: string, body?: unknown) =>
  callJson<T>(base, tokens[as], method, path, body);

beforeAll(async () => {
  db = await openSmallSeed();
  served = await serveSandbox(db);
  base = served.base;
  for (const u of ['admin', 'assetmanager', 'sales', 'salesleader', 'mediamonitor']) tokens[u] = await signIn(u);
}, 180_000);

afterAll(async () => {
  await served?.close();
  await db.close();
});

afterEach(async () => {
  await resetClock();
  for (const u of Object.keys(tokens)) tokens[u] = await signIn(u);
});

/** Asserts a refusal that names `who` and the moment of its `modifiedAt`, which is the sandbox clock's. */
function expectRefusal(answer: Answer<unknown>, subject: string, who: string, sandboxNow: number) {
  expect(answer.status).toBe(409);
  const body = answer.body as StaleRefusal;
  expect(body.modifiedBy).toBe(who);
  const at = Date.parse(body.modifiedAt!);
  expect(Math.abs(at - sandboxNow)).toBeLessThan(60_000);
  expect(body.message).toBe(`${subject} da ${who} ${italianMoment(new Date(at))} dopo che l'hai ${subject.startsWith('Questa') ? 'aperta' : 'aperto'}`);
  expect(body.lockVersion).toEqual(expect.any(Number));
}

describe('a system (its own table, the version from the systems sequence)', () => {
  it('a stale save is refused naming who and when, nothing written; a fresh one passes', async () => {
    const id = Number((await db.query<{ id: string }>("SELECT id FROM systems WHERE type = 'OOH' ORDER BY id LIMIT 1")).rows[0].id);
    const read = await api<Record<string, unknown> & { lockVersion: number; name: string }>('admin', 'GET', `/systems/v1/system/id/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.lockVersion).toEqual(expect.any(Number));
    const input = (name: string, lockVersion?: number) => ({
      name,
      type: read.body.type,
      systemType: read.body.systemType,
      status: read.body.status,
      address: read.body.address,
      municipalityId: (read.body.municipality as { istatCode: string }).istatCode,
      latitude: read.body.latitude,
      longitude: read.body.longitude,
      ...(lockVersion === undefined ? {} : { lockVersion }),
    });
    // The sandbox clock a day ahead: the refusal's time is the clock's, not the machine's.
    await advanceClock(86_400_000);
    for (const u of ['admin', 'assetmanager']) tokens[u] = await signIn(u);
    const first = await api<{ lockVersion: number; name: string }>('assetmanager', 'POST', `/systems/v1/system/update?id=${id}&type=OOH`, input('Salvato da Giulia', read.body.lockVersion));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.name).toBe('Salvato da Giulia');
    expect(first.body.lockVersion).not.toBe(read.body.lockVersion);

    const stale = await api('admin', 'POST', `/systems/v1/system/update?id=${id}&type=OOH`, input('Salvato da Alessandra', read.body.lockVersion));
    expectRefusal(stale, 'Questo impianto è stato modificato', 'Giulia Romano', Date.now() + 86_400_000);
    expect((stale.body as StaleRefusal).lockVersion).toBe(first.body.lockVersion);
    const after = await api<{ name: string; lockVersion: number }>('admin', 'GET', `/systems/v1/system/id/${id}`);
    expect(after.body).toMatchObject({ name: 'Salvato da Giulia', lockVersion: first.body.lockVersion });

    const fresh = await api<{ name: string; lockVersion: number }>('admin', 'POST', `/systems/v1/system/update?id=${id}&type=OOH`, input('Salvato da Alessandra', first.body.lockVersion));
    expect(fresh.status).toBe(200);
    expect(fresh.body.name).toBe('Salvato da Alessandra');
    const unchecked = await api('admin', 'POST', `/systems/v1/system/update?id=${id}&type=OOH`, input('Senza versione'));
    expect(unchecked.status).toBe(200);
  });
});

describe('records of the record store', () => {
  it('a device (the simple-rest handlers): refused when stale, the stored device unchanged', async () => {
    const list = await api<Array<Record<string, unknown> & { id: number; lockVersion: number }>>('admin', 'GET', '/device/v1/devices?range=[0,0]');
    const device = list.body[0];
    expect(device.lockVersion).toEqual(expect.any(Number));
    const { id, lockVersion } = device;
    const fields = { serial: device.serial, resolution: device.resolution };
    const saved = await api<{ lockVersion: number }>('assetmanager', 'PUT', `/device/v1/devices/${id}`, { ...fields, model: 'Prima', lockVersion });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stale = await api('admin', 'PUT', `/device/v1/devices/${id}`, { ...fields, model: 'Seconda', lockVersion });
    expectRefusal(stale, 'Questo dispositivo è stato modificato', 'Giulia Romano', Date.now());
    expect((await api<{ model: string }>('admin', 'GET', `/device/v1/devices/${id}`)).body.model).toBe('Prima');
  });

  it('a campaign: the message agrees with a feminine noun', async () => {
    const list = await api<Array<Record<string, unknown> & { id: number; lockVersion: number }>>('admin', 'GET', '/campaign/v1/campaigns?range=[0,0]');
    const { id, lockVersion, ...fields } = list.body[0];
    const saved = await api('sales', 'PUT', `/campaign/v1/campaigns/${id}`, { ...fields, description: 'prima', lockVersion });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stale = await api('salesleader', 'PUT', `/campaign/v1/campaigns/${id}`, { ...fields, description: 'seconda', lockVersion });
    expectRefusal(stale, 'Questa campagna è stata modificata', 'Luca Bianchi', Date.now());
    expect((await api<{ description: string }>('admin', 'GET', `/campaign/v1/campaigns/${id}`)).body.description).toBe('prima');
  });

  it('a save that creates or updates (an opportunity): guarded only when it names the record', async () => {
    const read = (await api<Record<string, unknown> & { id: number; lockVersion: number }>('sales', 'GET', '/opportunity/v1/opportunity/getOpportunityById/1')).body;
    const body = (name: string, lockVersion?: number) => ({ id: read.id, name, advertiserId: read.advertiserId, salesId: read.salesId, ...(lockVersion === undefined ? {} : { lockVersion }) });
    const saved = await api('sales', 'POST', '/opportunity/v1/opportunity/save', body('Prima', read.lockVersion));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stale = await api('salesleader', 'POST', '/opportunity/v1/opportunity/save', body('Seconda', read.lockVersion));
    expectRefusal(stale, 'Questa opportunità è stata modificata', 'Luca Bianchi', Date.now());
    expect((await api<{ name: string }>('sales', 'GET', '/opportunity/v1/opportunity/getOpportunityById/1')).body.name).toBe('Prima');
  });

  it('an estimate keeps its revision `version` apart from its `lockVersion`', async () => {
    const [row] = (await db.query<{ id: string }>("SELECT id FROM records WHERE collection = 'estimates' AND data->>'status' = 'draft' ORDER BY id LIMIT 1")).rows;
    const estimate = (await api<Record<string, unknown> & { lockVersion: number; version: number }>('admin', 'GET', `/estimate/estimate/${row.id}`)).body;
    expect(estimate.version).toBeGreaterThanOrEqual(1);
    expect(estimate.lockVersion).toEqual(expect.any(Number));
    const stored = (await db.query<{ data: Record<string, unknown> }>("SELECT data FROM records WHERE collection = 'estimates' AND id = $1", [row.id])).rows[0].data;
    expect(stored).not.toHaveProperty('lockVersion');
  });
});

describe('rows of tables of their own', () => {
  it('a sub-item value: refused when stale, naming the media monitor', async () => {
    const values = await api<Array<{ id: number; name: string; description: string | null; lockVersion: number }>>('mediamonitor', 'GET', '/audit/v1/detection/format/all');
    expect(values.status).toBe(200);
    const v = values.body[0];
    const saved = await api('mediamonitor', 'PUT', '/audit/v1/detection/format/update', { id: v.id, name: `${v.name} (1)`, description: v.description, lockVersion: v.lockVersion });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stale = await api('admin', 'PUT', '/audit/v1/detection/format/update', { id: v.id, name: `${v.name} (2)`, description: v.description, lockVersion: v.lockVersion });
    expectRefusal(stale, 'Questo valore è stato modificato', 'Davide Ricci', Date.now());
    const now = (await db.query<{ name: string }>("SELECT name FROM audit_subitems WHERE type = 'format' AND id = $1", [v.id])).rows[0];
    expect(now.name).toBe(`${v.name} (1)`);
  });

  it('a write no person made leaves no name: the refusal says when only', async () => {
    const list = await api<Array<{ id: number; lockVersion: number } & Record<string, unknown>>>('admin', 'GET', '/device/v1/devices?range=[1,1]');
    const { id, lockVersion, serial, resolution, model } = list.body[0];
    await db.query("UPDATE records SET data = data || '{\"model\":\"automatico\"}'::jsonb WHERE collection = 'devices' AND id = $1", [id]);
    const stale = await api<StaleRefusal>('admin', 'PUT', `/device/v1/devices/${id}`, { serial, resolution, model, lockVersion });
    expect(stale.status).toBe(409);
    expect(stale.body.modifiedBy).toBeNull();
    expect(stale.body.message).toMatch(/^Questo dispositivo è stato modificato il \d\d\/\d\d\/\d{4} alle \d\d:\d\d dopo che l'hai aperto$/);
  });
});
