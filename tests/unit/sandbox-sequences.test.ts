// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../sandbox/db';
import { conflictOf, violatedValue } from '../../sandbox/db/conflicts';
import { ESTIMATE_LINE_SEQUENCE, NUMBERED_SEQUENCES, SUB_ITEM_SEQUENCES, nextvals, peekSystemCodeNumber, syncSequences, takeSystemCodeNumber } from '../../sandbox/db/sequences';
import { HttpError } from '../../sandbox/http';
import { insertSubItem, SUB_ITEM_TYPES } from '../../sandbox/services/audit/model';
import { insertNumbered } from '../../sandbox/store';
import { openSmallSeed } from './support/smallSeed';

/* Ids and codes from sequences (never max + 1 read first), and unique violations answered 409. */

// One seeded database for the file (opening one costs seconds); each test writes its own values.
let db: Db;
const maxId = async (d: Db, collection: string) => Number((await d.query<{ n: string }>('SELECT max(id) AS n FROM records WHERE collection = $1', [collection])).rows[0].n ?? 0);
beforeAll(async () => {
  db = await openSmallSeed();
});
afterAll(async () => {
  await db.close();
});

describe('ids from sequences', { timeout: 30_000 }, () => {
  it('numbers each collection on its own, 1, 2, 3 …', async () => {
    const products = await maxId(db, 'products');
    const catalogs = await maxId(db, 'catalogs');
    const a = await insertNumbered(db, 'products', { code: 'A', name: 'a' });
    const b = await insertNumbered(db, 'products', { code: 'B', name: 'b' });
    const c = await insertNumbered(db, 'catalogs', { name: 'c' });
    expect([a.id, b.id, c.id]).toEqual([products + 1, products + 2, catalogs + 1]);
  });

  it('has a sequence for every numbered collection and sub-item type; another collection takes the store\'s', async () => {
    expect(Object.keys(SUB_ITEM_SEQUENCES).sort()).toEqual([...SUB_ITEM_TYPES].sort());
    for (const seq of [...Object.values(NUMBERED_SEQUENCES), ...Object.values(SUB_ITEM_SEQUENCES), ESTIMATE_LINE_SEQUENCE]) {
      const { rows } = await db.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [seq]);
      expect(rows[0].found, seq).toBe(true);
    }
    // Another collection takes the store's own sequence (unique in the whole store).
    const { rows } = await db.query<{ n: string }>('SELECT max(id) AS n FROM records');
    expect((await insertNumbered(db, 'altro', {})).id).toBeGreaterThan(Number(rows[0].n));
  });

  it('moves a sequence past rows written with explicit ids, never back', async () => {
    await db.query("INSERT INTO records (collection, id, data) VALUES ('advertisers', 4000, '{}'), ('advertisers', 4001, '{}')");
    await syncSequences(db);
    expect((await insertNumbered(db, 'advertisers', { name: 'x' })).id).toBe(4002);
    await db.query("DELETE FROM records WHERE collection = 'advertisers' AND id >= 4000");
    await syncSequences(db);
    expect((await insertNumbered(db, 'advertisers', { name: 'y' })).id).toBe(4003);
  });

  it('moves serial columns too (a row written with its id)', async () => {
    await db.query("INSERT INTO audit_agents (id, name, surname, email) VALUES (9000, 'A', 'B', 'a@b.it')");
    await syncSequences(db);
    const { rows } = await db.query<{ id: string }>("INSERT INTO audit_agents (name, surname, email) VALUES ('C', 'D', 'c@d.it') RETURNING id");
    expect(Number(rows[0].id)).toBe(9001);
  });

  it('after the seed, estimate lines and numbered records continue past the seeded ones', async () => {
    const { rows } = await db.query<{ n: string }>("SELECT max((l->>'id')::bigint) AS n FROM records r, jsonb_array_elements(r.data->'lines') l WHERE r.collection = 'estimates'");
    const [line] = await nextvals(db, ESTIMATE_LINE_SEQUENCE, 1);
    expect(line).toBe(Number(rows[0].n) + 1);
    const { rows: est } = await db.query<{ n: string }>("SELECT max(id) AS n FROM records WHERE collection = 'estimates'");
    expect((await insertNumbered(db, 'estimates', { name: 'nuovo' })).id).toBe(Number(est[0].n) + 1);
  });

  it('gives audit sub-item ids per type', async () => {
    const highest = async (type: string) => Number((await db.query<{ n: string }>('SELECT max(id) AS n FROM audit_subitems WHERE type = $1', [type])).rows[0].n ?? 0);
    const [formats, locations] = [await highest('format'), await highest('location')];
    const f1 = await insertSubItem(db, 'format', { name: 'Prova uno' });
    const f2 = await insertSubItem(db, 'format', { name: 'Prova due' });
    const l1 = await insertSubItem(db, 'location', { name: 'Prova uno' });
    expect([f1.id, f2.id, l1.id]).toEqual([formats + 1, formats + 2, locations + 1]);
  });

  it('gives several numbers at once, increasing', async () => {
    const [first, ...rest] = await nextvals(db, ESTIMATE_LINE_SEQUENCE, 3);
    expect(rest).toEqual([first + 1, first + 2]);
    expect(await nextvals(db, ESTIMATE_LINE_SEQUENCE, 0)).toEqual([]);
  });
});

describe('system codes', { timeout: 30_000 }, () => {
  it('takes numbers of a sequence one after another; a preview takes none', async () => {
    expect(await peekSystemCodeNumber(db, 'ZZ')).toBe(1);
    expect(await takeSystemCodeNumber(db, 'ZZ')).toBe(1);
    expect(await takeSystemCodeNumber(db, 'ZZ')).toBe(2);
    expect(await peekSystemCodeNumber(db, 'ZZ')).toBe(3);
    expect(await peekSystemCodeNumber(db, 'ZZ')).toBe(3);
    expect(await takeSystemCodeNumber(db, 'ZY')).toBe(1);
  });

  it('skips a number already used by a code written by hand, and ignores codes of another shape', async () => {
    const { rows } = await db.query<{ last: number }>("SELECT last FROM system_sequences WHERE name = 'MI'");
    const last = Number(rows[0].last);
    await db.query("UPDATE systems SET code = $1 WHERE id = (SELECT min(id) FROM systems)", [`MI-${String(last + 5).padStart(4, '0')}`]);
    await db.query("UPDATE systems SET code = 'MI-NUOVO' WHERE id = (SELECT max(id) FROM systems)");
    expect(await peekSystemCodeNumber(db, 'MI')).toBe(last + 6);
    expect(await takeSystemCodeNumber(db, 'MI')).toBe(last + 6);
    expect(await takeSystemCodeNumber(db, 'MI')).toBe(last + 7);
  });
});

describe('unique violations answer 409', { timeout: 30_000 }, () => {
  it('names the value the database refused, in Italian', async () => {
    await insertNumbered(db, 'products', { code: 'POS-PROVA-1', name: 'a' });
    const error = await insertNumbered(db, 'products', { code: 'POS-PROVA-1', name: 'b' }).catch((e: unknown) => e);
    const conflict = conflictOf(error);
    expect(conflict).toBeInstanceOf(HttpError);
    expect(conflict?.status).toBe(409);
    expect(conflict?.message).toBe('Esiste già un prodotto con codice POS-PROVA-1');
    expect(conflict?.details).toEqual({ errors: [{ path: '/body/code', message: 'Esiste già un prodotto con codice POS-PROVA-1' }] });
  });

  it('answers a generic 409 for an index it does not know, and leaves other errors alone', () => {
    expect(conflictOf({ code: '23505', constraint: 'nuovo_indice', detail: 'Key (x)=(1) already exists.' })?.message).toBe('Esiste già un elemento con questi dati');
    expect(conflictOf({ code: '23503' })).toBeUndefined();
    expect(conflictOf(new Error('x'))).toBeUndefined();
    expect(violatedValue("Key (lower(btrim(data ->> 'name'::text)))=(listino 2026) already exists.")).toBe('listino 2026');
  });
});
