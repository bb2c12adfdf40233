import type { Db } from './index';

/*
 * Ids and codes come from the database, never from `max(id) + 1` read beforehand: on a PostgreSQL
 * server two requests that read the same maximum would both insert it, and one of them fail.
 * PostgreSQL sequences give each caller its own number whatever runs beside it (a rolled-back
 * write leaves a gap, never a number given twice).
 */

/** Collections of the JSON store numbered 1, 2, 3 … on their own (`insertNumbered`), with their sequence. */
export const NUMBERED_SEQUENCES: Readonly<Record<string, string>> = {
  products: 'records_products_id_seq',
  advertisers: 'records_advertisers_id_seq',
  catalogs: 'records_catalogs_id_seq',
  opportunities: 'records_opportunities_id_seq',
  estimates: 'records_estimates_id_seq',
};

/** The audit sub-item values, numbered within their type. */
export const SUB_ITEM_SEQUENCES: Readonly<Record<string, string>> = {
  format: 'audit_subitems_format_id_seq',
  media_type: 'audit_subitems_media_type_id_seq',
  location: 'audit_subitems_location_id_seq',
  supplier: 'audit_subitems_supplier_id_seq',
  product_category: 'audit_subitems_product_category_id_seq',
};

/** Estimate lines: ids unique across every estimate. */
export const ESTIMATE_LINE_SEQUENCE = 'estimate_line_id_seq';

function known(table: Readonly<Record<string, string>>, key: string, what: string): string {
  const sequence = table[key];
  if (!sequence) throw new Error(`Nessuna sequenza per ${what} «${key}»: aggiungila in una migrazione e in sandbox/db/sequences.ts`);
  return sequence;
}

/** Another collection takes the store's own id sequence: numbers unique in the whole store, so in it too. */
export const numberedSequence = (collection: string) => NUMBERED_SEQUENCES[collection] ?? 'records_id_seq';
export const subItemSequence = (type: string) => known(SUB_ITEM_SEQUENCES, type, 'il tipo di sotto-voce');

/** The next number of a sequence. */
export async function nextval(db: Db, sequence: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT nextval($1::regclass) AS n', [sequence]);
  return Number(rows[0].n);
}

/** `count` numbers of a sequence, in increasing order. */
export async function nextvals(db: Db, sequence: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const { rows } = await db.query<{ n: string }>('SELECT nextval($1::regclass) AS n FROM generate_series(1, $2::int) ORDER BY 1', [sequence, count]);
  return rows.map((r) => Number(r.n));
}

/**
 * The next code number of a system code sequence (`MI` → 1, 2, …), taken atomically: the counter
 * row is created or moved in one statement, which holds its lock until the transaction ends, so
 * two creates never get the same number. A number already used by a code written by hand is
 * skipped (the highest such number is the floor).
 */
export async function takeSystemCodeNumber(db: Db, sequence: string): Promise<number> {
  // Every write of `systems` locks the row of `systems_version` (its trigger) until the transaction
  // ends. Taken here first, before the counter row, the two locks always come in the same order:
  // an import writing many systems and a create beside it wait for each other, never deadlock.
  await db.query('SELECT version FROM systems_version FOR UPDATE');
  const { rows } = await db.query<{ last: number }>(
    `WITH used AS (
       SELECT coalesce(max(substring(code FROM length($1) + 2)::bigint), 0) AS n
         FROM systems WHERE code ~ ('^' || $1 || '-[0-9]{1,9}$')
     )
     INSERT INTO system_sequences AS s (name, last) SELECT $1, n + 1 FROM used
     ON CONFLICT (name) DO UPDATE SET last = greatest(s.last, (SELECT n FROM used)) + 1
     RETURNING last`,
    [sequence],
  );
  return Number(rows[0].last);
}

/** The number the next system code of a sequence would get now (a preview: nothing is taken). */
export async function peekSystemCodeNumber(db: Db, sequence: string): Promise<number> {
  const { rows } = await db.query<{ next: string }>(
    `SELECT greatest(
       coalesce((SELECT last FROM system_sequences WHERE name = $1), 0),
       coalesce((SELECT max(substring(code FROM length($1) + 2)::bigint) FROM systems WHERE code ~ ('^' || $1 || '-[0-9]{1,9}$')), 0)
     ) + 1 AS next`,
    [sequence],
  );
  return Number(rows[0].next);
}

/**
 * Moves every sequence up to the highest number its rows hold (never down): after rows written with
 * explicit ids (the seed, an older version of the data), the next number is free. Covers the
 * numbered collections, the sub-item types, the estimate lines and every serial column.
 */
export async function syncSequences(db: Db): Promise<void> {
  const highest: Array<[string, string, unknown[]]> = [
    ...Object.entries(NUMBERED_SEQUENCES).map(([collection, seq]): [string, string, unknown[]] => [seq, 'SELECT max(id) AS n FROM records WHERE collection = $1', [collection]]),
    ...Object.entries(SUB_ITEM_SEQUENCES).map(([type, seq]): [string, string, unknown[]] => [seq, 'SELECT max(id) AS n FROM audit_subitems WHERE type = $1', [type]]),
    [
      ESTIMATE_LINE_SEQUENCE,
      `SELECT max((l->>'id')::bigint) AS n FROM records r, jsonb_array_elements(CASE WHEN jsonb_typeof(r.data->'lines') = 'array' THEN r.data->'lines' ELSE '[]'::jsonb END) l
        WHERE r.collection = 'estimates' AND l->>'id' ~ '^[0-9]{1,18}$'`,
      [],
    ],
  ];
  const { rows: serials } = await db.query<{ table_name: string; column_name: string; seq: string }>(
    `SELECT table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) AS seq
       FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`,
  );
  for (const s of serials) {
    if (s.seq) highest.push([s.seq, `SELECT max(${quoteIdent(s.column_name)}) AS n FROM ${quoteIdent(s.table_name)}`, []]);
  }
  for (const [sequence, sql, params] of highest) {
    const { rows } = await db.query<{ n: string | null }>(sql, params);
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) await db.query('SELECT setval($1::regclass, greatest($2::bigint, (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM ' + sequenceRef(sequence) + ')))', [sequence, n]);
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A sequence name (possibly schema-qualified, as pg_get_serial_sequence gives it) usable in FROM. */
function sequenceRef(name: string): string {
  if (!/^[A-Za-z0-9_."]+$/.test(name)) throw new Error(`Nome di sequenza non valido: ${name}`);
  return name;
}
