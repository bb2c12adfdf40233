import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import {
  createCatalog,
  deleteCatalog,
  getCatalog as getCatalogById,
  listCatalogs,
  listCatalogsOfProduct,
  updateCatalog,
} from '@/api/catalogue';
import type { SchemaCatalog, SchemaCatalogInput, SchemaCatalogPrice } from '@/api/generated/catalogue';
import { createCatalogBody } from '@/api/generated/catalogue.fields';
import { inputOf, localList, toDeleted, toList, toMany, toOne } from './shared';

/*
 * Price lists (catalogue service). The service answers whole lists, so paging, sorting and the
 * text search of react-admin's list are applied here, on the answer, without deciding anything.
 */

/** The prices with a product, as numbers. */
function pricesOf(value: unknown): SchemaCatalogPrice[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null && p.productId !== undefined && p.productId !== null && p.productId !== '')
    .map((p) => ({ productId: Number(p.productId), price: Number(p.price ?? 0) }));
}

const rowsOf = (value: unknown): Array<Record<string, unknown>> =>
  Array.isArray(value) ? value.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null) : [];

/** The seasons typed in the form: name, first and last day, percent as a number. */
function seasonsOf(value: unknown): SchemaCatalogInput['seasons'] | undefined {
  if (!Array.isArray(value)) return undefined;
  return rowsOf(value)
    .filter((s) => s.name || s.from || s.to)
    .map((s) => ({ name: String(s.name ?? '').trim(), from: String(s.from ?? ''), to: String(s.to ?? ''), percent: Number(s.percent ?? 0) }));
}

/** The circuit packages typed in the form: a circuit and its price, as numbers. */
function packagesOf(value: unknown): SchemaCatalogInput['packages'] | undefined {
  if (!Array.isArray(value)) return undefined;
  return rowsOf(value)
    .filter((p) => p.circuitId !== undefined && p.circuitId !== null && p.circuitId !== '')
    .map((p) => ({ circuitId: Number(p.circuitId), price: Number(p.price ?? 0) }));
}

/** The body of POST /save and PUT /update/{id}: the input's fields, empty ones left out. */
export const catalogInputOf = inputOf<SchemaCatalogInput>(createCatalogBody, {
  name: 'form',
  validFrom: 'form',
  prices: pricesOf,
  seasons: seasonsOf,
  packages: packagesOf,
  active: 'form',
});

const getCatalog = (id: Identifier): Promise<SchemaCatalog> => getCatalogById(Number(id));

export const catalogsDataProvider: DataProvider = {
  async getList(_r, params) {
    return toList(localList(await listCatalogs(), params));
  },
  async getOne(_r, params) {
    return toOne(await getCatalog(params.id));
  },
  async getMany(_r, params) {
    return toMany(await Promise.all(params.ids.map(getCatalog)));
  },
  async getManyReference(_r, params) {
    if (params.target !== 'productId') throw new Error(`Listini: riferimento non previsto ${params.target}`);
    return toList(localList(await listCatalogsOfProduct(Number(params.id)), params));
  },
  async create(_r, params) {
    return toOne(await createCatalog(catalogInputOf(params.data)));
  },
  async update(_r, params) {
    return toOne(await updateCatalog(Number(params.id), catalogInputOf(params.data)));
  },
  async updateMany() {
    throw new Error('Modifica multipla dei listini non prevista');
  },
  async delete(_r, params) {
    await deleteCatalog(Number(params.id));
    return toDeleted(params.id, params.previousData);
  },
  async deleteMany(_r, params) {
    for (const id of params.ids) await deleteCatalog(Number(id));
    return { data: params.ids };
  },
};

export type { RaRecord };
