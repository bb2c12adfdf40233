import type { components, operations } from '../../src/api/generated/product';
import type { Db } from '../db';
import { HttpError, file, reply } from '../http';
import { deleteFile, readFile, requireUpload, storeFile } from '../store';
import { defineHandlers } from '../typed';
import { allRows, guardedUpdate, inRecords, insertNumbered, lockVersionOf, oneRow, removeRow, saveRow, type Row } from '../store';
import { SEED_CATALOGS } from '../seed/catalogs';
import { toCatalog } from '../shared/sales';
import { cents } from '../shared/values';
import type { SeedOptions } from '../seed/options';

/*
 * The product service: products (collection `products`) and their photos (files owned by
 * `products`). A product's `catalogIds` are the catalogs that price it (catalogue.ts).
 */

type Product = components['schemas']['Product'];
type ProductInput = components['schemas']['ProductInput'];

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

async function catalogRows(db: Db) {
  return (await allRows(db, 'catalogs')).map(toCatalog);
}

function toProduct(row: Row, catalogs: Awaited<ReturnType<typeof catalogRows>>): Product {
  return {
    id: row.id,
    code: String(row.code),
    name: String(row.name),
    ...(row.description ? { description: String(row.description) } : {}),
    ...(row.systemType ? { systemType: row.systemType as Product['systemType'] } : {}),
    ...(row.format ? { format: String(row.format) } : {}),
    unit: row.unit as Product['unit'],
    basePrice: Number(row.basePrice),
    catalogIds: catalogs.filter((c) => c.prices.some((p) => p.productId === row.id)).map((c) => c.id),
    photoIds: ((row.photoIds as number[] | undefined) ?? []).map(Number),
    active: row.active !== false,
    ...lockVersionOf(row),
  };
}

export async function readProduct(db: Db, id: number): Promise<Product | undefined> {
  const row = await oneRow(db, 'products', id);
  return row ? toProduct(row, await catalogRows(db)) : undefined;
}

async function requireProductRow(db: Db, id: number): Promise<Row> {
  const row = await oneRow(db, 'products', id);
  if (!row) throw new HttpError(404, `Prodotto ${id} non trovato`);
  return row;
}

/** Makes the product's catalogs exactly `catalogIds`: joins at its base price, leaves drop the price. */
async function setCatalogs(db: Db, productId: number, basePrice: number, catalogIds: number[]) {
  const catalogs = await allRows(db, 'catalogs');
  const missing = catalogIds.find((id) => !catalogs.some((c) => c.id === id));
  if (missing) throw new HttpError(404, `Listino ${missing} non trovato`);
  for (const c of catalogs) {
    const prices = (c.prices as Array<{ productId: number; price: number }>) ?? [];
    const has = prices.some((p) => p.productId === productId);
    const wants = catalogIds.includes(c.id);
    if (has === wants) continue;
    const next = wants ? [...prices, { productId, price: cents(basePrice) }] : prices.filter((p) => p.productId !== productId);
    await saveRow(db, 'catalogs', c.id, { ...c, prices: next });
  }
}

function productData(input: ProductInput, photoIds: number[]): Record<string, unknown> {
  return {
    code: input.code,
    name: input.name.trim(),
    description: input.description,
    systemType: input.systemType,
    format: input.format,
    unit: input.unit,
    basePrice: cents(input.basePrice),
    photoIds,
    active: input.active ?? true,
  };
}

async function estimatesUsingProduct(db: Db, productId: number): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(DISTINCT r.id) AS n FROM records r, jsonb_array_elements(r.data->'lines') l
      WHERE r.collection = 'estimates' AND (l->>'productId')::bigint = $1`,
    [productId],
  );
  return Number(rows[0].n);
}

function catalogIdsOf(query: Record<string, unknown>): number[] {
  const raw = query.catalogIds;
  if (raw === undefined || raw === null || raw === '') return [];
  return (Array.isArray(raw) ? raw : [raw]).map(Number);
}

export const handlers = defineHandlers<operations>({
  async listProducts(ctx) {
    const catalogs = await catalogRows(ctx.db);
    const raw = (ctx.query as Record<string, unknown>).catalogId;
    const catalogId = raw === undefined ? undefined : Number(raw);
    if (catalogId !== undefined && !catalogs.some((c) => c.id === catalogId)) throw new HttpError(404, `Listino ${catalogId} non trovato`);
    return (await allRows(ctx.db, 'products'))
      .map((r) => toProduct(r, catalogs))
      .filter((p) => catalogId === undefined || p.catalogIds.includes(catalogId))
      .sort((a, b) => a.name.localeCompare(b.name, 'it') || a.id - b.id);
  },
  async getProductById(ctx) {
    const product = await readProduct(ctx.db, Number(ctx.params.id));
    if (!product) throw new HttpError(404, `Prodotto ${ctx.params.id} non trovato`);
    return product;
  },
  async deleteProduct(ctx) {
    const id = Number(ctx.query.productId);
    return ctx.db.transaction(async (tx) => {
      const row = await requireProductRow(tx, id);
      const used = await estimatesUsingProduct(tx, id);
      if (used) throw new HttpError(409, `Il prodotto è usato in ${used} preventivi: disattivalo invece di eliminarlo`);
      await setCatalogs(tx, id, 0, []);
      for (const photoId of (row.photoIds as number[] | undefined) ?? []) await deleteFile(tx, Number(photoId));
      await removeRow(tx, 'products', id);
      return reply(204);
    });
  },
  async saveProduct(ctx) {
    const input = ctx.body;
    const catalogIds = catalogIdsOf(ctx.query as Record<string, unknown>);
    return guardedUpdate(ctx, inRecords('products', Number(input.id ?? 0), 'prodotto'), async (tx) => {
      const existing = input.id ? await requireProductRow(tx, input.id) : undefined;
      const clash = (await allRows(tx, 'products')).find((p) => p.id !== input.id && String(p.code) === input.code);
      if (clash) throw new HttpError(409, `Esiste già un prodotto con codice ${input.code}`);
      const data = productData(input, ((existing?.photoIds as number[] | undefined) ?? []).map(Number));
      const row = existing ? await saveRow(tx, 'products', existing.id, data) : await insertNumbered(tx, 'products', data);
      await setCatalogs(tx, row.id, Number(data.basePrice), catalogIds);
      const product = toProduct(row, await catalogRows(tx));
      return existing ? product : reply(201, product);
    });
  },
  async uploadProductPhoto(ctx) {
    const upload = requireUpload(ctx, PHOTO_TYPES);
    const productId = Number((ctx.body as Record<string, unknown>).productId);
    return ctx.db.transaction(async (tx) => {
      const row = await requireProductRow(tx, productId);
      const id = await storeFile(tx, { collection: 'products', id: productId }, upload, ctx.user?.username);
      await saveRow(tx, 'products', productId, { ...row, photoIds: [...((row.photoIds as number[] | undefined) ?? []), id] });
      return reply(201, {
        id,
        productId,
        fileName: upload.fileName,
        contentType: upload.mediaType as 'image/png',
        size: upload.size,
        createdAt: new Date().toISOString(),
      });
    });
  },
  async getProductPhoto(ctx) {
    const id = Number(ctx.params.id);
    const stored = await readFile(ctx.db, id);
    if (!stored || stored.ownerCollection !== 'products') throw new HttpError(404, `Foto ${id} non trovata`);
    return file(stored.content, stored.mediaType, stored.fileName);
  },
  async deleteProductPhoto(ctx) {
    const id = Number(ctx.params.id);
    const productId = Number(ctx.query.productId);
    return ctx.db.transaction(async (tx) => {
      const stored = await readFile(tx, id);
      if (!stored || stored.ownerCollection !== 'products' || stored.ownerId !== productId) {
        throw new HttpError(404, `Foto ${id} non trovata per il prodotto ${productId}`);
      }
      const row = await requireProductRow(tx, productId);
      await deleteFile(tx, id);
      await saveRow(tx, 'products', productId, { ...row, photoIds: ((row.photoIds as number[] | undefined) ?? []).filter((p) => Number(p) !== id) });
      return reply(204);
    });
  },
});

/* ---------- seed: ~60 products priced in the six price lists ---------- */

type Kind = { type: Product['systemType']; label: string; code: string; format: string; unit: Product['unit']; price: number; dooh?: boolean; big?: boolean };

const KINDS: Kind[] = [
  { type: 'poster', label: 'Poster 6x3', code: 'POS-6X3', format: '6x3', unit: 'week', price: 450, big: true },
  { type: 'poster', label: 'Poster 4x3', code: 'POS-4X3', format: '4x3', unit: 'week', price: 320 },
  { type: 'totem', label: 'Totem digitale', code: 'TOT-DIG', format: '1080x1920', unit: 'slot', price: 120, dooh: true },
  { type: 'pensilina', label: 'Pensilina', code: 'PEN', format: '120x180', unit: 'week', price: 95 },
  { type: 'stendardo', label: 'Stendardo', code: 'STE', format: '140x200', unit: 'week', price: 60, big: true },
  { type: 'posterdooh', label: 'Maxi LED', code: 'LED', format: '1920x1080', unit: 'slot', price: 210, dooh: true },
  { type: 'telo', label: 'Telo pubblicitario', code: 'TEL', format: '20x15', unit: 'week', price: 2400, big: true },
  { type: 'paloluce', label: 'Paline luminose', code: 'PAL', format: '70x100', unit: 'day', price: 18 },
  { type: 'autobus', label: 'Fiancata autobus', code: 'BUS', format: '300x70', unit: 'week', price: 380 },
  { type: 'customdooh', label: 'Schermi metropolitana', code: 'MET', format: '1920x1080', unit: 'slot', price: 150, dooh: true },
];

const PLACES: Array<{ city: string; code: string; area: string; catalogs: number[] }> = [
  { city: 'Milano centro', code: 'MI', area: 'del centro di Milano', catalogs: [1] },
  { city: 'Roma', code: 'RM', area: 'di Roma', catalogs: [2] },
  { city: 'Torino', code: 'TO', area: 'di Torino', catalogs: [1] },
  { city: 'Napoli', code: 'NA', area: 'di Napoli', catalogs: [5] },
  { city: 'Venezia Mestre', code: 'VE', area: 'di Venezia e Mestre', catalogs: [4] },
  { city: 'Bologna', code: 'BO', area: 'di Bologna', catalogs: [1] },
];

export async function seed(db: Db, { rng }: SeedOptions): Promise<void> {
  const products: Array<{ kind: Kind; place: (typeof PLACES)[number]; name: string; code: string }> = [];
  for (const place of PLACES) for (const kind of KINDS) products.push({ kind, place, name: `${kind.label} ${place.city}`, code: `${kind.code}-${place.code}` });
  // The documents' examples: product 3 is the Milan 6x3 poster, product 7 the Central Station totem.
  const first = (label: string) => products.findIndex((p) => p.name === label);
  const order = [first('Poster 4x3 Milano centro'), first('Pensilina Milano centro'), first('Poster 6x3 Milano centro')];
  const totem = first('Totem digitale Milano centro');
  products[totem].name = 'Totem digitale Stazione Centrale';
  const rest = products.map((_, i) => i).filter((i) => !order.includes(i) && i !== totem);
  const sorted = [...order, ...rest.slice(0, 3), totem, ...rest.slice(3)].map((i) => products[i]);

  const prices = new Map<number, Array<{ productId: number; price: number }>>();
  const price = (catalogId: number, productId: number, base: number) => {
    const factor = SEED_CATALOGS[catalogId - 1].factor;
    const list = prices.get(catalogId) ?? [];
    list.push({ productId, price: cents(Math.round(base * factor * (0.95 + rng.next() * 0.1))) });
    prices.set(catalogId, list);
  };
  for (const p of sorted) {
    const base = p.kind.price;
    const row = await insertNumbered(db, 'products', {
      code: p.code,
      name: p.name,
      description: `${p.kind.label} sugli impianti ${p.place.area}, formato ${p.kind.format}.`,
      systemType: p.kind.type,
      format: p.kind.format,
      unit: p.kind.unit,
      basePrice: base,
      photoIds: [],
      active: !(p.place.code === 'VE' && p.kind.code === 'BUS'),
    });
    const catalogs = new Set(p.place.catalogs);
    if (p.kind.dooh) catalogs.add(3);
    if (p.kind.big) catalogs.add(6);
    if (row.id === 3) catalogs.add(2);
    for (const c of catalogs) price(c, row.id, c === 1 && (row.id === 3 || row.id === 7) ? base / SEED_CATALOGS[0].factor : base);
  }
  for (const [catalogId, list] of prices) {
    const row = await oneRow(db, 'catalogs', catalogId);
    if (row) await saveRow(db, 'catalogs', catalogId, { ...row, prices: list });
  }
}
