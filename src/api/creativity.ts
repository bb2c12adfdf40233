import type { paths, SchemaCreative } from './generated/creativity';
import { ApiError } from './errors';
import { fileForm, lazyClient, upload, type UploadProgress } from './http';

/** The creativity service: a typed openapi-fetch client. */
export const creativityApi = lazyClient<paths>('creativity');

export interface CreativeUploadFields {
  campaignId: number;
  name: string;
  sizeId?: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
}

/** POST /creatives/upload (multipart, with progress, through the one upload). */
export function uploadCreative(fields: CreativeUploadFields, file: File, onProgress?: UploadProgress): Promise<SchemaCreative> {
  return upload<SchemaCreative>('creativity', '/creatives/upload', fileForm(file, { ...fields }), onProgress);
}

/** GET /creatives/{id}/content: the file itself. */
export async function getCreativeContent(id: number): Promise<Blob> {
  const { data, error, response } = await creativityApi().GET('/creatives/{id}/content', { params: { path: { id } }, parseAs: 'blob' });
  if (!response.ok || !data)
    throw new ApiError(response.status, (error as { message?: string } | undefined)?.message ?? 'Anteprima non disponibile', error);
  return data as Blob;
}
