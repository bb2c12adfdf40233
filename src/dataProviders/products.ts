import type { DataProvider, Identifier } from 'react-admin';
import {
  deleteProduct,
  deleteProductPhoto,
  getProduct as getProductById,
  getProductPhoto,
  listProducts,
  saveProduct,
  uploadProductPhoto,
} from '@/api/product';
import type { UploadProgress } from '@/api/http';
import { listCatalogsOfProduct } from '@/api/catalogue';
import type { SchemaCatalog } from '@/api/generated/catalogue';
import type { SchemaProduct, SchemaProductInput, SchemaProductPhoto } from '@/api/generated/product';
import { localList } from './shared';

/*
 * Products (product service): listed by catalog (`catalogId`), saved with their catalogs as the
 * repeated `catalogIds` query parameter, photos uploaded with progress.
 */

const INPUT_FIELDS = [
  'id',
  'code',
  'name',
  'description',
  'systemType',
  'format',
  'unit',
  'basePrice',
  'active',
] as const;

/** The body of POST /v1/estimate/product/save and its `catalogIds` (one per catalog). */
export function productSaveOf(data: Record<string, unknown>): {
  body: SchemaProductInput;
  catalogIds: number[];
} {
  const body: Record<string, unknown> = {};
  for (const k of INPUT_FIELDS) {
    const v = data[k];
    if (v !== undefined && v !== null && v !== '') body[k] = v;
  }
  if (body.basePrice !== undefined) body.basePrice = Number(body.basePrice);
  if (body.id !== undefined) body.id = Number(body.id);
  const catalogIds = Array.isArray(data.catalogIds)
    ? [...new Set((data.catalogIds as unknown[]).map(Number))]
    : [];
  return { body: body as unknown as SchemaProductInput, catalogIds };
}

const getProduct = (id: Identifier): Promise<SchemaProduct> => getProductById(Number(id));

function save(data: Record<string, unknown>): Promise<SchemaProduct> {
  const { body, catalogIds } = productSaveOf(data);
  return saveProduct(body, catalogIds);
}

/** The product screens' custom methods, reached with `useDataProvider<AppDataProvider>()`. */
export interface ProductsMethods {
  uploadProductPhoto(
    resource: 'products',
    params: { productId: number; file: File; onProgress?: UploadProgress },
  ): Promise<SchemaProductPhoto>;
  deleteProductPhoto(resource: 'products', params: { photoId: number; productId: number }): Promise<void>;
  productPhoto(resource: 'products', params: { photoId: number }): Promise<Blob>;
  /** The price lists a product is in (with their prices). */
  productCatalogs(resource: 'products', params: { productId: number }): Promise<SchemaCatalog[]>;
}

export const productsDataProvider: DataProvider & ProductsMethods = {
  async getList(_r, params) {
    const { catalogId, ...filter } = params.filter ?? {};
    const query = catalogId ? { catalogId: Number(catalogId) } : {};
    const items = await listProducts(query);
    return localList(items, { ...params, filter }) as never;
  },
  async getOne(_r, params) {
    return { data: (await getProduct(params.id)) as never };
  },
  async getMany(_r, params) {
    return { data: (await Promise.all(params.ids.map(getProduct))) as never[] };
  },
  async getManyReference(r, params) {
    if (params.target !== 'catalogId') throw new Error(`Prodotti: riferimento non previsto ${params.target}`);
    return productsDataProvider.getList(r, { ...params, filter: { ...params.filter, catalogId: params.id } });
  },
  async create(_r, params) {
    const { id: _drop, ...data } = params.data as Record<string, unknown>;
    return { data: (await save(data)) as never };
  },
  async update(_r, params) {
    return { data: (await save({ ...(params.data as Record<string, unknown>), id: params.id })) as never };
  },
  async updateMany() {
    throw new Error('Modifica multipla dei prodotti non prevista');
  },
  async delete(_r, params) {
    await deleteProduct(Number(params.id));
    return { data: (params.previousData ?? { id: params.id }) as never };
  },
  async deleteMany(_r, params) {
    for (const id of params.ids) await deleteProduct(Number(id));
    return { data: params.ids };
  },
  uploadProductPhoto: (_r, { productId, file, onProgress }) => uploadProductPhoto(productId, file, onProgress),
  deleteProductPhoto: (_r, { photoId, productId }) => deleteProductPhoto(photoId, productId),
  productPhoto: (_r, { photoId }) => getProductPhoto(photoId),
  productCatalogs: (_r, { productId }) => listCatalogsOfProduct(productId),
};
