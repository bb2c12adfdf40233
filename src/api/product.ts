import type { paths, SchemaProductPhoto } from './generated/product';
import { ApiError, callOrThrow, lazyClient, messageOf, readBody, requireCredentials, handleUnauthorized } from './http';
import { getAuthToken } from '@/auth/session';
import { getRuntimeConfig, serviceBase } from '@/config/environment';
import type { Service } from '@/config/services';

/** The product service (spec §7): a typed openapi-fetch client. */
export const productApi = lazyClient<paths>('product');

/** Progress of an upload, 0–100. */
export type UploadProgress = (percent: number) => void;

/**
 * A multipart POST with upload progress (fetch cannot report it): XMLHttpRequest with the session's
 * bearer; rejects with an ApiError carrying the status and the body's message.
 */
export function uploadWithProgress<T>(service: Service, path: string, form: FormData, onProgress?: UploadProgress): Promise<T> {
  requireCredentials();
  const base = serviceBase(service, getRuntimeConfig()) ?? '';
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${base}${path}`);
    xhr.setRequestHeader('Authorization', `Bearer ${getAuthToken() ?? ''}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Errore di rete durante il caricamento'));
    xhr.onload = () => {
      void readBody(new Response(xhr.responseText || null)).then((body) => {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress?.(100);
          resolve(body as T);
          return;
        }
        if (xhr.status === 401) handleUnauthorized();
        reject(new ApiError(xhr.status, messageOf(body, xhr.statusText || `HTTP ${xhr.status}`), body));
      });
    };
    xhr.send(form);
  });
}

/** POST /v1/productPhoto/uploadProductPhoto (multipart), reporting progress. */
export function uploadProductPhoto(productId: number, file: File, onProgress?: UploadProgress): Promise<SchemaProductPhoto> {
  const form = new FormData();
  form.append('productId', String(productId));
  form.append('file', file, file.name);
  return uploadWithProgress<SchemaProductPhoto>('product', '/v1/productPhoto/uploadProductPhoto', form, onProgress);
}

/** DELETE /v1/productPhoto/delete/{id}?productId. */
export async function deleteProductPhoto(photoId: number, productId: number): Promise<void> {
  await callOrThrow(productApi().DELETE('/v1/productPhoto/delete/{id}', { params: { path: { id: photoId }, query: { productId } } }));
}

/** GET /v1/productPhoto/getProductPhoto/{id} as a blob. */
export async function getProductPhoto(photoId: number): Promise<Blob> {
  return callOrThrow(productApi().GET('/v1/productPhoto/getProductPhoto/{id}', { params: { path: { id: photoId } }, parseAs: 'blob' })) as Promise<Blob>;
}
