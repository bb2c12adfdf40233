import type { paths, SchemaProductPhoto } from './generated/product';
import { callOrThrow, fileForm, lazyClient, upload, type UploadProgress } from './http';

/** The product service (spec §7): a typed openapi-fetch client. */
export const productApi = lazyClient<paths>('product');

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
