import type { components, operations } from '../../src/api/generated/catalogue';
import type { Db } from '../db';
import { HttpError, reply } from '../http';
import { defineHandlers } from '../typed';
import type { SeedOptions } from '../seed/options';
import { SEED_CATALOGS } from '../seed/catalogs';
import { toCatalog } from '../shared/sales';
import { cents } from '../shared/values';
import { allRows, guardedUpdate, inRecords, insertNumbered, oneRow, removeRow, saveRow } from '../store';

/*
 * The catalogue service: price lists (collection `catalogs` of the record store, numbered per
 * collection). A catalog's `prices` are the one truth of which products belong to it: a product's
 * `catalogIds` are read from them (see product.ts).
 */

type Catalog = components['schemas']['Catalog'];
type CatalogInput = components['schemas']['CatalogInput'];


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
    return guardedUpdate(ctx, inRecords('catalogs', id, 'listino'), async (tx) => {
      await requireCatalog(tx, id);
      await checkInput(tx, ctx.body, id);
      return toCatalog(await saveRow(tx, 'catalogs', id, catalogData(ctx.body)));
    });
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
