import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import {
  createCatalog,
  deleteCatalog,
  getCatalog as getCatalogById,
  listCatalogs,
  listCatalogsOfProduct,
  updateCatalog,
} from '@/api/catalogue';
import type { SchemaCatalog, SchemaCatalogInput } from '@/api/generated/catalogue';
import { localList } from './shared';

/*
 * Price lists (catalogue service). The service answers whole lists, so paging, sorting and the
 * text search of react-admin's list are applied here, on the answer, without deciding anything.
 */

const INPUT_FIELDS = ['name', 'description', 'validFrom', 'validTo', 'currency', 'prices', 'active'] as const;

/** The body of POST /save and PUT /update/{id}: the input fields, empty ones left out. */
export function catalogInputOf(data: Record<string, unknown>): SchemaCatalogInput {
  const out: Record<string, unknown> = {};
  for (const k of INPUT_FIELDS) {
    const v = data[k];
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  }
  if (Array.isArray(out.prices)) {
    out.prices = (out.prices as Array<{ productId: unknown; price: unknown }>)
      .filter((p) => p && p.productId !== undefined && p.productId !== null && p.productId !== '')
      .map((p) => ({ productId: Number(p.productId), price: Number(p.price ?? 0) }));
  }
  return out as unknown as SchemaCatalogInput;
}

const getCatalog = (id: Identifier): Promise<SchemaCatalog> => getCatalogById(Number(id));

export const catalogsDataProvider: DataProvider = {
  async getList(_r, params) {
    return localList(await listCatalogs(), params) as never;
  },
  async getOne(_r, params) {
    return { data: (await getCatalog(params.id)) as never };
  },
  async getMany(_r, params) {
    return { data: (await Promise.all(params.ids.map(getCatalog))) as never[] };
  },
  async getManyReference(_r, params) {
    if (params.target !== 'productId') throw new Error(`Listini: riferimento non previsto ${params.target}`);
    return localList(await listCatalogsOfProduct(Number(params.id)), params) as never;
  },
  async create(_r, params) {
    const body = catalogInputOf(params.data as Record<string, unknown>);
    return { data: (await createCatalog(body)) as never };
  },
  async update(_r, params) {
    const body = catalogInputOf(params.data as Record<string, unknown>);
    return { data: (await updateCatalog(Number(params.id), body)) as never };
  },
  async updateMany() {
    throw new Error('Modifica multipla dei listini non prevista');
  },
  async delete(_r, params) {
    await deleteCatalog(Number(params.id));
    return { data: (params.previousData ?? { id: params.id }) as never };
  },
  async deleteMany(_r, params) {
    for (const id of params.ids) await deleteCatalog(Number(id));
    return { data: params.ids };
  },
};

export type { RaRecord };
