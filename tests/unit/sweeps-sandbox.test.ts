import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { advanceClock, resetClock } from '../../sandbox/clock';
import type { Db } from '../../sandbox/db';
import { registerSweep, runSweeps } from '../../sandbox/shared/notices';
import { insertRecord } from '../../sandbox/store';
import { openMigrated } from './support/smallSeed';

/*
 * The due sweeps run when the inbox is read; run again on the same day and data they add nothing,
 * so a read with nothing written since the last run skips them.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

let db: Db;
const days: string[] = [];

beforeAll(async () => {
  db = await openMigrated();
  registerSweep('sweeps-test', async (_db, day) => {
    days.push(day);
  });
});

afterEach(() => resetClock());

afterAll(async () => {
  registerSweep('sweeps-test', async () => {});
  await db.close();
});

describe('due sweeps', () => {
  it('run at the first read, not again while nothing is written, again after a write, a delete, a change of a system or of the day', async () => {
    await runSweeps(db);
    expect(days).toHaveLength(1);
    await runSweeps(db);
    expect(days).toHaveLength(1);
    // The first write of a fresh database too (its sequence's first value is the one it started on).
    const record = await insertRecord(db, 'notes', { text: 'scritto' });
    await runSweeps(db);
    expect(days).toHaveLength(2);
    await db.query('DELETE FROM records WHERE id = $1', [record.id]);
    await runSweeps(db);
    expect(days).toHaveLength(3);
    await db.query(`INSERT INTO systems (code, name, type, system_type, address, region, province, municipality_istat, municipality_name, latitude, longitude, search_text)
       VALUES ('MI-0901', 'Impianto', 'OOH', 'poster', 'Via Roma 1', 'Lombardia', 'MI', '015146', 'Milano', 45.46, 9.18, 'mi-0901')`);
    await runSweeps(db);
    expect(days).toHaveLength(4);
    await runSweeps(db);
    expect(days).toHaveLength(4);
    await advanceClock(24 * 3600 * 1000);
    await runSweeps(db);
    expect(days).toHaveLength(5);
    expect(days[4] > days[3]).toBe(true);
  });
});
