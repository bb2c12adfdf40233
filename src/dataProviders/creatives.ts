import type { DataProvider } from 'react-admin';
import { creativityApi } from '@/api/creativity';
import { ApiError, fileForm, upload } from '@/api/http';
import type { SchemaCreative } from '@/api/generated/creativity';
import { simpleRestProvider } from './simpleRest';

/** `creatives` over the creativity service (simple-rest; uploads through POST /creatives/upload). */
export const creativesDataProvider: DataProvider = simpleRestProvider('creativity', {
  creatives: {
    inputFields: [
      'id',
      'campaignId',
      'name',
      'kind',
      'mediaType',
      'width',
      'height',
      'durationSeconds',
      'sizeId',
      'status',
      'uploadedAt',
    ],
  },
});

export type { SchemaCreative as Creative };

export interface CreativeUploadFields {
  campaignId: number;
  name: string;
  sizeId?: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
}

/** POST /creatives/upload (multipart, with progress). */
export function uploadCreative(
  fields: CreativeUploadFields,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<SchemaCreative> {
  return upload<SchemaCreative>(
    'creativity',
    '/creatives/upload',
    fileForm(file, { ...fields }),
    onProgress,
  );
}

/** GET /creatives/{id}/content as an object URL for a preview (the caller revokes it). */
export async function creativePreviewUrl(id: number): Promise<string> {
  const { data, error, response } = await creativityApi().GET('/creatives/{id}/content', {
    params: { path: { id } },
    parseAs: 'blob',
  });
  if (!response.ok || !data)
    throw new ApiError(
      response.status,
      (error as { message?: string } | undefined)?.message ?? 'Anteprima non disponibile',
      error,
    );
  return URL.createObjectURL(data as Blob);
}

/** The system size whose proportions a creative matches (within 2%), exact sizes first. */
export function matchingSizes<S extends { id: number; width: number; height: number }>(
  creative: Pick<SchemaCreative, 'width' | 'height'>,
  sizes: S[],
): S[] {
  const ratio = creative.width / creative.height;
  const close = sizes.filter((s) => Math.abs(s.width / s.height - ratio) / ratio <= 0.02);
  return close.sort(
    (a, b) =>
      Number(b.width === creative.width && b.height === creative.height) -
      Number(a.width === creative.width && a.height === creative.height),
  );
}
