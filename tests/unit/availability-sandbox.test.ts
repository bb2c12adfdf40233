import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { availabilityPage } from '../../sandbox/shared/availability';
import { insertRecord } from '../../sandbox/store';
import { openMigrated } from './support/smallSeed';

/*
 * GET /availability's cells read the reservations of each face: an option, a queue behind it, a
 * screen's slots, a booking; and the totals of every matching face.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

let db: Db;
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await openMigrated();
  await db.transaction(async (tx) => {
    for (const [id, code, type] of [
      [201, 'MI-0201', 'poster'],
      [202, 'MI-0202', 'totem'],
    ] as const) {
      await tx.query(
        `INSERT INTO systems (id, code, name, type, system_type, address, region, province, municipality_istat, municipality_name, latitude, longitude, search_text)
         VALUES ($1, $2, $3, $4, $5, 'Via Torino 12', 'Lombardia', 'MI', '015146', 'Milano', 45.46, 9.18, $6)`,
        [id, code, `Impianto ${code}`, type === 'totem' ? 'DOOH' : 'OOH', type, code.toLowerCase()],
      );
    }
    const frame = async (key: string, data: Record<string, unknown>) => {
      ids[key] = (await insertRecord(tx, 'frames', { width: 600, height: 300, status: 'active', excludedBusinessAreas: [], ...data })).id;
    };
    await frame('a', { systemId: 201, name: 'Faccia A', position: 1, digital: false, slots: 1 });
    await frame('b', { systemId: 201, name: 'Faccia B', position: 2, digital: false, slots: 1 });
    await frame('screen', { systemId: 202, name: 'Schermo', position: 1, digital: true, loopSeconds: 60, slotSeconds: 10, slots: 6 });
    const reservation = (frameId: number, systemId: number, status: string, holder: string, extra: Record<string, unknown> = {}) =>
      insertRecord(tx, 'reservations', {
        frameId,
        systemId,
        periodStart: '2026-03-02',
        periodEnd: '2026-03-15',
        status,
        holder,
        advertiserId: null,
        estimateId: null,
        planningId: null,
        expiresOn: status === 'booked' ? null : '2026-02-27',
        price: null,
        warnings: [],
        createdAt: '2026-02-13T09:30:00Z',
        ...extra,
      });
    await reservation(ids.a, 201, 'option', 'sales');
    await reservation(ids.a, 201, 'waiting', 'salesleader', { expiresOn: '2026-03-01' });
    await reservation(ids.b, 201, 'booked', 'admin');
    for (let k = 0; k < 2; k += 1) await reservation(ids.screen, 202, 'option', 'sales');
  });
});

afterAll(async () => {
  await db.close();
});

describe('sandbox availability', () => {
  it('gives each face’s cells their state from its reservations: option and queue, booking, a screen’s slots left', async () => {
    const page = await availabilityPage(db, { periodStart: '2026-03-02', periodEnd: '2026-03-29', step: 'cycle14' });
    expect(page.periods).toEqual([
      { start: '2026-03-02', end: '2026-03-15' },
      { start: '2026-03-16', end: '2026-03-29' },
    ]);
    const byFrame = new Map(page.rows.map((r) => [r.frameId, r]));
    const a = byFrame.get(ids.a)!;
    expect(a.cells.map((c) => c.state)).toEqual(['option', 'free']);
    expect(a.cells[0].holders.map((h) => h.status)).toEqual(['option', 'waiting']);
    expect(a.occupancy).toBe(50);
    expect(byFrame.get(ids.b)!.cells.map((c) => c.state)).toEqual(['booked', 'free']);
    const screen = byFrame.get(ids.screen)!;
    expect(screen.slots).toBe(6);
    expect(screen.cells[0]).toMatchObject({ state: 'partial', slotsLeft: 4 });
    expect(page.total).toBe(3);
    expect(page.occupancy).toMatchObject({ free: 0, option: 2, booked: 1 });
  });

  it('keeps the count of the faces while nothing is written, and counts again after any write of the records or the systems', async () => {
    const query = { periodStart: '2026-03-02', periodEnd: '2026-03-29', step: 'cycle14', q: 'mi-020' };
    const totalNow = async () => (await availabilityPage(db, query)).total;
    expect(await totalNow()).toBe(3);
    // A face written with a version given by hand does not move the version: the kept count stands,
    // so the page did not count the faces again.
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO records (collection, data, version) VALUES ('frames', $1, 0) RETURNING id`,
      [{ systemId: 201, name: 'Faccia C', position: 3, width: 600, height: 300, status: 'active', digital: false, slots: 1 }],
    );
    expect(await totalNow()).toBe(3);
    // Any write that moves the version: an insert, a delete, an update of a system.
    const d = await insertRecord(db, 'frames', { systemId: 202, name: 'Retro', position: 2, width: 600, height: 300, status: 'active', digital: false, slots: 1 });
    expect(await totalNow()).toBe(5);
    await db.query(`DELETE FROM records WHERE id = ANY($1::bigint[])`, [[Number(rows[0].id), d.id]]);
    expect(await totalNow()).toBe(3);
    await db.query(`UPDATE systems SET status = 'removed' WHERE id = 202`);
    const page = await availabilityPage(db, query);
    expect(page.total).toBe(2);
    expect(page.occupancy).toMatchObject({ free: 0, option: 1, booked: 1 });
    await db.query(`UPDATE systems SET status = 'active' WHERE id = 202`);
    expect(await totalNow()).toBe(3);
  });
});
