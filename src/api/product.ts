import type { paths, SchemaProduct, SchemaProductInput, SchemaProductPhoto } from './generated/product';
import { callOrThrow, fileForm, lazyClient, upload, type UploadProgress } from './http';

/** The product service: a typed openapi-fetch client. */
export const productApi = lazyClient<paths>('product');

/** GET /v1/estimate/product/all?catalogId: every product, or those of one price list. */
export function listProducts(query: { catalogId?: number } = {}): Promise<SchemaProduct[]> {
  return callOrThrow(productApi().GET('/v1/estimate/product/all', { params: { query } }));
}

/** GET /v1/estimate/product/{id}: one product. */
export function getProduct(id: number): Promise<SchemaProduct> {
  return callOrThrow(productApi().GET('/v1/estimate/product/{id}', { params: { path: { id } } }));
}

/**
 * POST /v1/estimate/product/save?catalogIds=…: creates the product, or updates it when the body has
 * an `id`; its price lists travel as the repeated `catalogIds` parameter (none: not sent).
 */
export function saveProduct(body: SchemaProductInput, catalogIds: number[]): Promise<SchemaProduct> {
  return callOrThrow(
    productApi().POST('/v1/estimate/product/save', {
      params: { query: catalogIds.length ? { catalogIds } : {} },
      body,
      querySerializer: { array: { style: 'form', explode: true } },
    }),
  );
}

/** DELETE /v1/estimate/product/delete?productId. */
export async function deleteProduct(productId: number): Promise<void> {
  await callOrThrow(productApi().DELETE('/v1/estimate/product/delete', { params: { query: { productId } } }));
}

/** POST /v1/productPhoto/uploadProductPhoto through the one multipart upload, progress 0..1. */
export function uploadProductPhoto(productId: number, file: File, onProgress?: UploadProgress): Promise<SchemaProductPhoto> {
  return upload<SchemaProductPhoto>('product', '/v1/productPhoto/uploadProductPhoto', fileForm(file, { productId }), onProgress);
}

/** DELETE /v1/productPhoto/delete/{id}?productId. */
export async function deleteProductPhoto(photoId: number, productId: number): Promise<void> {
  await callOrThrow(productApi().DELETE('/v1/productPhoto/delete/{id}', { params: { path: { id: photoId }, query: { productId } } }));
}

/** GET /v1/productPhoto/getProductPhoto/{id} as a blob. */
export async function getProductPhoto(photoId: number): Promise<Blob> {
  return callOrThrow(productApi().GET('/v1/productPhoto/getProductPhoto/{id}', { params: { path: { id: photoId } }, parseAs: 'blob' })) as Promise<Blob>;
}
