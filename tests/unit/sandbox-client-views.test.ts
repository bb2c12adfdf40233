// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { DEMO_USERS } from '../../sandbox/seed/demoUsers';
import { clientViewOf, personName } from '../../sandbox/shared/clientViews';
import { named } from '../../sandbox/services/history';
import '../../sandbox/services';
import { openSmallSeed } from './support/smallSeed';

/*
 * What the share service gives a client page beside the record, and what the history service gives
 * every history screen: names and labels, never usernames or ids of other records.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

let db: Db;
const sales = DEMO_USERS.find((u) => u.username === 'sales')!;
const salesName = `${sales.name} ${sales.surname}`;

beforeAll(async () => {
  db = await openSmallSeed();
});
afterAll(async () => {
  await db?.close();
});

const one = async (sql: string, params: unknown[] = []) => (await db.query<Record<string, string>>(sql, params)).rows[0];

describe("a shared resource's client view", () => {
  it('a planning: each booked face with its system, type label, format, town and period; a face by its name when the item books a frame', async () => {
    const item = await one(`SELECT id, data FROM records WHERE collection = 'planningItems' ORDER BY id LIMIT 1`);
    const data = item.data as unknown as { planningId: string; systemId: number };
    const planning = await one(`SELECT id, data FROM records WHERE collection = 'plannings' AND id = $1`, [Number(data.planningId)]);
    // An item that books one face of the system (a frame), as plannings are being reshaped to do.
    const frame = await one(`INSERT INTO records (collection, data) VALUES ('frames', $1) RETURNING id`, [
      JSON.stringify({ systemId: data.systemId, name: 'Faccia Nord', position: 97, width: 600, height: 300 }),
    ]);
    await db.query(`UPDATE records SET data = data || $2::jsonb WHERE id = $1`, [Number(item.id), JSON.stringify({ frameId: Number(frame.id) })]);

    const view = await clientViewOf(db, 'planning', { ...(planning.data as unknown as object), id: Number(planning.id) });
    const places = view.places as Array<Record<string, unknown>>;
    expect(places.length).toBeGreaterThan(0);
    const framed = places.find((p) => p.id === Number(item.id))!;
    expect(framed).toMatchObject({ face: 'Faccia Nord', format: '600 × 300 cm', systemId: Number(data.systemId) });
    for (const p of places) {
      expect(typeof p.code).toBe('string');
      expect(typeof p.typeLabel).toBe('string');
      expect(p.typeLabel).not.toMatch(/^[a-z-]+$/); // a label, not the code
      expect(typeof p.municipality).toBe('string');
      expect(typeof p.latitude).toBe('number');
    }
    expect(typeof view.campaignName).toBe('string');
    expect(typeof view.advertiserName).toBe('string');
    expect(view.statusLabel).toMatch(/^(Bozza|Confermata|Chiusa|Annullata)$/);
  });

  it('an order: its client and sales person by name, its status by label', async () => {
    const order = await one(`SELECT id, data FROM records WHERE collection = 'orders' ORDER BY id LIMIT 1`);
    const view = await clientViewOf(db, 'order', { ...(order.data as unknown as object), id: Number(order.id) });
    expect(typeof view.advertiserName).toBe('string');
    expect(typeof view.salesName).toBe('string');
    expect(String(view.salesName)).toContain(' ');
    expect(DEMO_USERS.map((u) => u.username)).not.toContain(view.salesName);
  });

  it('who shared the link: by full name, never the username', async () => {
    expect(await personName(db, 'sales')).toBe(salesName);
    expect(await personName(db, 'nobody-such')).toBeUndefined();
  });
});

describe('history entries as a person reads them', () => {
  it('who by full name; a reference by name or code; a member by name and role label', async () => {
    const order = await one(`SELECT id, data->>'code' AS code, data->>'advertiserId' AS advertiser FROM records WHERE collection = 'orders' ORDER BY id LIMIT 1`);
    const advertiser = await one(`SELECT data->>'name' AS name FROM records WHERE collection = 'advertisers' AND id = $1`, [Number(order.advertiser)]);
    const [entry] = await named(db, [
      {
        id: 1,
        entityType: 'campaign',
        entityId: 1,
        action: 'update',
        username: 'sales',
        timestamp: '2026-03-02T10:00:00Z',
        changes: [
          { field: 'orderId', oldValue: null, newValue: Number(order.id) },
          { field: 'advertiserId', oldValue: Number(order.advertiser), newValue: Number(order.advertiser) },
          { field: 'member', oldValue: null, newValue: 'sales (ROLE_SALES)' },
          { field: 'status', oldValue: 'planned', newValue: 'running' },
        ],
      },
    ]);
    expect(entry.userFullName).toBe(salesName);
    expect(entry.changes[0]).toMatchObject({ newText: order.code });
    expect(order.code).toMatch(/^ORD-/);
    expect(entry.changes[1]).toMatchObject({ oldText: advertiser.name, newText: advertiser.name });
    expect(entry.changes[2]).toMatchObject({ newText: `${salesName} (Commerciale)` });
    // A code is labelled by the screen: the service adds no text to it.
    expect(entry.changes[3].newText).toBeUndefined();
  });
});
