import type { components, operations } from '../../src/api/generated/catalogue';
import type { Db } from '../db';
import { HttpError, reply } from '../http';
import { defineHandlers } from '../typed';
import type { SeedOptions } from './index';

/*
 * The catalogue service: price lists (collection `catalogs` of the record store). A catalog's
 * `prices` are the one truth of which products belong to it: a product's `catalogIds` are read
 * from them (see product.ts).
 *
 * The sales services (catalogue, product, advertiser, opportunity, estimate) number their records
 * per collection (1, 2, 3 …), so the ids in the documents' examples name seeded records.
 */

type Catalog = components['schemas']['Catalog'];
type CatalogInput = components['schemas']['CatalogInput'];

export type Row = Record<string, unknown> & { id: number };

/** Inserts a record with the next id of its own collection. */
export async function insertNumbered(db: Db, collection: string, data: Record<string, unknown>): Promise<Row> {
  const { id: _drop, ...rest } = data;
  const { rows } = await db.query<{ id: string; data: Record<string, unknown> }>(
    `INSERT INTO records (collection, id, data)
     VALUES ($1, (SELECT COALESCE(max(id), 0) + 1 FROM records WHERE collection = $1), $2) RETURNING id, data`,
    [collection, JSON.stringify(rest)],
  );
  return { ...rows[0].data, id: Number(rows[0].id) };
}

/** Every record of a collection, by id. */
export async function allRows(db: Db, collection: string): Promise<Row[]> {
  const { rows } = await db.query<{ id: string; data: Record<string, unknown> }>('SELECT id, data FROM records WHERE collection = $1 ORDER BY id', [
    collection,
  ]);
  return rows.map((r) => ({ ...r.data, id: Number(r.id) }));
}

export async function oneRow(db: Db, collection: string, id: number): Promise<Row | undefined> {
  const { rows } = await db.query<{ id: string; data: Record<string, unknown> }>('SELECT id, data FROM records WHERE collection = $1 AND id = $2', [
    collection,
    id,
  ]);
  return rows[0] ? { ...rows[0].data, id: Number(rows[0].id) } : undefined;
}

export async function saveRow(db: Db, collection: string, id: number, data: Record<string, unknown>): Promise<Row> {
  const { id: _drop, ...rest } = data;
  await db.query('UPDATE records SET data = $3::jsonb, updated_at = now() WHERE collection = $1 AND id = $2', [collection, id, JSON.stringify(rest)]);
  return { ...rest, id };
}

export async function removeRow(db: Db, collection: string, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM records WHERE collection = $1 AND id = $2 RETURNING id', [collection, id]);
  return rows.length > 0;
}

/** A Spring-style page of already sorted items. */
export function pageOf<T>(items: T[], page: number, size: number) {
  return {
    content: items.slice(page * size, page * size + size),
    totalElements: items.length,
    totalPages: Math.ceil(items.length / size),
    number: page,
    size,
  };
}

/** Sort by a field, ties by id; numbers as numbers, text in Italian collation. */
export function sortRows<T extends { id: number }>(items: T[], field: string, dir: 'ASC' | 'DESC'): T[] {
  const sign = dir === 'DESC' ? -1 : 1;
  const collator = new Intl.Collator('it', { sensitivity: 'base' });
  return [...items].sort((a, b) => {
    const x = (a as Record<string, unknown>)[field];
    const y = (b as Record<string, unknown>)[field];
    let c = 0;
    if (x === undefined || x === null) c = y === undefined || y === null ? 0 : 1;
    else if (y === undefined || y === null) c = -1;
    else if (typeof x === 'number' && typeof y === 'number') c = x - y;
    else c = collator.compare(String(x), String(y));
    return (x === undefined || x === null || y === undefined || y === null ? c : sign * c) || sign * (a.id - b.id);
  });
}

/** Half up to the cent. */
export const cents = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

export function toCatalog(row: Row): Catalog {
  return {
    id: row.id,
    name: String(row.name),
    ...(row.description ? { description: String(row.description) } : {}),
    validFrom: String(row.validFrom),
    ...(row.validTo ? { validTo: String(row.validTo) } : {}),
    currency: 'EUR',
    prices: (row.prices as Catalog['prices']) ?? [],
    active: row.active !== false,
  };
}

export async function requireCatalog(db: Db, id: number): Promise<Catalog> {
  const row = await oneRow(db, 'catalogs', id);
  if (!row) throw new HttpError(404, `Listino ${id} non trovato`);
  return toCatalog(row);
}

const byName = (a: Catalog, b: Catalog) => a.name.localeCompare(b.name, 'it') || a.id - b.id;

async function checkInput(db: Db, input: CatalogInput, id?: number) {
  if (input.validTo && input.validTo < input.validFrom) {
    throw new HttpError(400, 'Richiesta non valida', { errors: [{ path: '/body/validTo', message: "la fine della validità precede l'inizio" }] });
  }
  const prices = input.prices ?? [];
  const seen = new Set<number>();
  for (const [i, p] of prices.entries()) {
    if (seen.has(p.productId)) {
      throw new HttpError(400, 'Richiesta non valida', { errors: [{ path: `/body/prices/${i}/productId`, message: `il prodotto ${p.productId} ha già un prezzo` }] });
    }
    seen.add(p.productId);
  }
  const products = new Set((await allRows(db, 'products')).map((p) => p.id));
  const missing = prices.find((p) => !products.has(p.productId));
  if (missing) throw new HttpError(404, `Prodotto ${missing.productId} non trovato`);
  const name = input.name.trim().toLowerCase();
  const clash = (await allRows(db, 'catalogs')).find((c) => c.id !== id && String(c.name).trim().toLowerCase() === name);
  if (clash) throw new HttpError(409, `Esiste già un listino di nome ${input.name.trim()}`);
}

function catalogData(input: CatalogInput): Record<string, unknown> {
  return {
    name: input.name.trim(),
    description: input.description,
    validFrom: input.validFrom,
    validTo: input.validTo,
    currency: 'EUR',
    prices: (input.prices ?? []).map((p) => ({ productId: p.productId, price: cents(p.price) })),
    active: input.active ?? true,
  };
}

/** How many estimate lines take their price from a catalog. */
async function linesUsingCatalog(db: Db, catalogId: number): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM records r, jsonb_array_elements(r.data->'lines') l
      WHERE r.collection = 'estimates' AND (l->>'catalogId')::bigint = $1`,
    [catalogId],
  );
  return Number(rows[0].n);
}

export const handlers = defineHandlers<operations>({
  async listCatalogDtos(ctx) {
    const catalogs = (await allRows(ctx.db, 'catalogs')).map(toCatalog).sort(byName);
    return catalogs.map(({ prices, description: _d, ...rest }) => ({ ...rest, productCount: prices.length }));
  },
  async listCatalogs(ctx) {
    return (await allRows(ctx.db, 'catalogs')).map(toCatalog).sort(byName);
  },
  async getCatalogById(ctx) {
    return requireCatalog(ctx.db, Number(ctx.params.id));
  },
  async listCatalogsByProductId(ctx) {
    const id = Number(ctx.params.id);
    if (!(await oneRow(ctx.db, 'products', id))) throw new HttpError(404, `Prodotto ${id} non trovato`);
    return (await allRows(ctx.db, 'catalogs'))
      .map(toCatalog)
      .filter((c) => c.prices.some((p) => p.productId === id))
      .sort(byName);
  },
  async createCatalog(ctx) {
    await checkInput(ctx.db, ctx.body);
    return reply(201, toCatalog(await insertNumbered(ctx.db, 'catalogs', catalogData(ctx.body))));
  },
  async updateCatalog(ctx) {
    const id = Number(ctx.params.id);
    await requireCatalog(ctx.db, id);
    await checkInput(ctx.db, ctx.body, id);
    return toCatalog(await saveRow(ctx.db, 'catalogs', id, catalogData(ctx.body)));
  },
  async deleteCatalog(ctx) {
    const id = Number(ctx.params.id);
    await requireCatalog(ctx.db, id);
    const used = await linesUsingCatalog(ctx.db, id);
    if (used) throw new HttpError(409, `Il listino è usato in ${used} righe di preventivo: disattivalo invece di eliminarlo`);
    await removeRow(ctx.db, 'catalogs', id);
    return reply(204);
  },
});

/** The six price lists of the seed; product.ts fills in their prices. */
export const SEED_CATALOGS = [
  { name: 'Listino OOH 2026', description: 'Prezzi degli impianti statici e digitali in Lombardia.', validFrom: '2026-01-01', validTo: '2026-12-31', factor: 1, active: true },
  { name: 'Listino Roma promozionale', description: 'Tariffe promozionali per Roma e il Lazio.', validFrom: '2026-03-01', validTo: '2026-06-30', factor: 0.87, active: true },
  { name: 'Listino DOOH 2026', description: 'Schermi, totem e maxi LED in tutta Italia.', validFrom: '2026-01-01', validTo: '2026-12-31', factor: 1.05, active: true },
  { name: 'Listino Nord-Est 2025', description: 'Veneto, Friuli-Venezia Giulia e Trentino-Alto Adige.', validFrom: '2025-01-01', validTo: '2025-12-31', factor: 0.95, active: false },
  { name: 'Listino Sud e Isole 2026', description: 'Campania, Puglia, Sicilia e Sardegna.', validFrom: '2026-01-01', factor: 0.8, active: true },
  { name: 'Listino Grandi formati', description: 'Teli, maxi affissioni e stendardi.', validFrom: '2025-06-01', factor: 1.15, active: true },
];

export async function seed(db: Db, _options: SeedOptions): Promise<void> {
  for (const c of SEED_CATALOGS) {
    await insertNumbered(db, 'catalogs', {
      name: c.name,
      description: c.description,
      validFrom: c.validFrom,
      validTo: 'validTo' in c ? c.validTo : undefined,
      currency: 'EUR',
      prices: [],
      active: c.active,
    });
  }
}
