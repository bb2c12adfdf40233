import type { paths, SchemaProductPhoto } from './generated/product';
import { callOrThrow, fileForm, lazyClient, upload } from './http';

/** The product service (spec §7): a typed openapi-fetch client. */
export const productApi = lazyClient<paths>('product');

/** Progress of an upload, 0–100 (the photo panel's progress bar reads percent). */
export type UploadProgress = (percent: number) => void;

/** POST /v1/productPhoto/uploadProductPhoto (multipart), reporting progress. */
export function uploadProductPhoto(productId: number, file: File, onProgress?: UploadProgress): Promise<SchemaProductPhoto> {
  const percent = onProgress && ((fraction: number) => onProgress(Math.round(fraction * 100)));
  return upload<SchemaProductPhoto>('product', '/v1/productPhoto/uploadProductPhoto', fileForm(file, { productId }), percent);
}

/** DELETE /v1/productPhoto/delete/{id}?productId. */
export async function deleteProductPhoto(photoId: number, productId: number): Promise<void> {
  await callOrThrow(productApi().DELETE('/v1/productPhoto/delete/{id}', { params: { path: { id: photoId }, query: { productId } } }));
}

/** GET /v1/productPhoto/getProductPhoto/{id} as a blob. */
export async function getProductPhoto(photoId: number): Promise<Blob> {
  return callOrThrow(productApi().GET('/v1/productPhoto/getProductPhoto/{id}', { params: { path: { id: photoId } }, parseAs: 'blob' })) as Promise<Blob>;
}
