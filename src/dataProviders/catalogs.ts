import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { catalogueApi } from '@/api/catalogue';
import { callOrThrow } from '@/api/http';
import type { SchemaCatalog, SchemaCatalogInput } from '@/api/generated/catalogue';

/*
 * Price lists (catalogue service). The service answers whole lists, so paging, sorting and the
 * text search of react-admin's list are applied here, on the answer, without deciding anything.
 */

/** One page of an already loaded list: `q` matches any text field; other filters match exactly. */
export function localList<T extends { id: number }>(
  items: T[],
  params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>,
) {
  const filter = params.filter ?? {};
  const q = typeof filter.q === 'string' ? filter.q.trim().toLowerCase() : '';
  const matching = items.filter((item) => {
    const record = item as unknown as Record<string, unknown>;
    if (q && !Object.values(record).some((v) => typeof v === 'string' && v.toLowerCase().includes(q)))
      return false;
    return Object.entries(filter).every(
      ([k, v]) => k === 'q' || v === undefined || v === '' || v === null || String(record[k]) === String(v),
    );
  });
  const field = params.sort?.field;
  const sign = params.sort?.order === 'DESC' ? -1 : 1;
  const sorted = field
    ? [...matching].sort((a, b) => {
        const x = (a as unknown as Record<string, unknown>)[field];
        const y = (b as unknown as Record<string, unknown>)[field];
        if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
        return sign * String(x ?? '').localeCompare(String(y ?? ''), 'it');
      })
    : matching;
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? sorted.length;
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
}

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

const getCatalog = (id: Identifier): Promise<SchemaCatalog> =>
  callOrThrow(catalogueApi().GET('/getById/{id}', { params: { path: { id: Number(id) } } }));

export const catalogsDataProvider: DataProvider = {
  async getList(_r, params) {
    return localList(await callOrThrow(catalogueApi().GET('/getAll')), params) as never;
  },
  async getOne(_r, params) {
    return { data: (await getCatalog(params.id)) as never };
  },
  async getMany(_r, params) {
    return { data: (await Promise.all(params.ids.map(getCatalog))) as never[] };
  },
  async getManyReference(_r, params) {
    if (params.target !== 'productId') throw new Error(`Listini: riferimento non previsto ${params.target}`);
    const items = await callOrThrow(
      catalogueApi().GET('/getCatalogsByProductId/{id}', { params: { path: { id: Number(params.id) } } }),
    );
    return localList(items, params) as never;
  },
  async create(_r, params) {
    const body = catalogInputOf(params.data as Record<string, unknown>);
    return { data: (await callOrThrow(catalogueApi().POST('/save', { body }))) as never };
  },
  async update(_r, params) {
    const body = catalogInputOf(params.data as Record<string, unknown>);
    return {
      data: (await callOrThrow(
        catalogueApi().PUT('/update/{id}', { params: { path: { id: Number(params.id) } }, body }),
      )) as never,
    };
  },
  async updateMany() {
    throw new Error('Modifica multipla dei listini non prevista');
  },
  async delete(_r, params) {
    await callOrThrow(catalogueApi().DELETE('/delete/{id}', { params: { path: { id: Number(params.id) } } }));
    return { data: (params.previousData ?? { id: params.id }) as never };
  },
  async deleteMany(_r, params) {
    for (const id of params.ids)
      await callOrThrow(catalogueApi().DELETE('/delete/{id}', { params: { path: { id: Number(id) } } }));
    return { data: params.ids };
  },
};

export type { RaRecord };
