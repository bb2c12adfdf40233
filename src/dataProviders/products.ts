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
import { saveProductBody } from '@/api/generated/product.fields';
import { inputOf, localList, read, savedThrough, toDeleted, toList, toMany, toOne } from './shared';

/*
 * Products (product service): listed by catalog (`catalogId`), saved with their catalogs as the
 * repeated `catalogIds` query parameter, photos uploaded with progress.
 */

/** The product's body: the input's fields, empty ones left out, numbers as numbers. */
const productInputOf = inputOf<SchemaProductInput>(saveProductBody, {
  id: read.number,
  code: 'form',
  name: 'form',
  unit: 'form',
  basePrice: read.number,
  active: 'form',
});

/** The body of POST /v1/estimate/product/save and its `catalogIds` (one per catalog). */
export function productSaveOf(data: Record<string, unknown>): {
  body: SchemaProductInput;
  catalogIds: number[];
} {
  return { body: productInputOf(data), catalogIds: read.ids(data.catalogIds) ?? [] };
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
    return toList(localList(items, { ...params, filter }));
  },
  async getOne(_r, params) {
    return toOne(await getProduct(params.id));
  },
  async getMany(_r, params) {
    return toMany(await Promise.all(params.ids.map(getProduct)));
  },
  async getManyReference(r, params) {
    if (params.target !== 'catalogId') throw new Error(`Prodotti: riferimento non previsto ${params.target}`);
    return productsDataProvider.getList(r, { ...params, filter: { ...params.filter, catalogId: params.id } });
  },
  ...savedThrough(save),
  async updateMany() {
    throw new Error('Modifica multipla dei prodotti non prevista');
  },
  async delete(_r, params) {
    await deleteProduct(Number(params.id));
    return toDeleted(params.id, params.previousData);
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
