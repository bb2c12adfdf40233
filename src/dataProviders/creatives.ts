import type { DataProvider } from 'react-admin';
import { getCreativeContent, uploadCreative, type CreativeUploadFields } from '@/api/creativity';
import { listSizes } from '@/api/systems';
import type { SchemaCreative } from '@/api/generated/creativity';
import type { SchemaSize } from '@/api/generated/systems';
import type { operations } from '@/api/generated/creativity';
import { updateCreativeBody } from '@/api/generated/creativity.fields';
import { inputOf, type RequestBody } from './shared';
import { simpleRestProvider } from './simpleRest';

/** What an update sends: the input schema's fields, a cleared one as null (a creative is created by its upload). */
export const creativeInputOf = inputOf<RequestBody<operations['updateCreative']>>(updateCreativeBody, { name: 'form', status: 'form' }, { empty: 'null' });

/** `creatives` over the creativity service (simple-rest; uploads through POST /creatives/upload). */
const creativesCrud: DataProvider = simpleRestProvider('creativity', {
  creatives: { toInput: creativeInputOf },
});

export type { SchemaCreative as Creative };

/** Width, height (and a video's duration) read in the browser, sent with the file so the service need not decode it. */
function measure(file: File): Promise<{ width: number; height: number; durationSeconds?: number }> {
  const url = URL.createObjectURL(file);
  return new Promise<{ width: number; height: number; durationSeconds?: number }>((resolve, reject) => {
    if (file.type.startsWith('video/')) {
      const video = document.createElement('video');
      video.preload = 'metadata';
      video.onloadedmetadata = () => resolve({ width: video.videoWidth, height: video.videoHeight, durationSeconds: video.duration || undefined });
      video.onerror = () => reject(new Error('video'));
      video.src = url;
    } else {
      const img = new Image();
      img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => reject(new Error('image'));
      img.src = url;
    }
  }).finally(() => URL.revokeObjectURL(url));
}

/** The creatives screen's custom calls, reached through `useDataProvider<AppDataProvider>()`. */
export interface CreativesMethods {
  /** Measures the file (the service reads it itself when the browser cannot) and uploads it with progress 0..1. */
  uploadCreative(
    resource: 'creatives',
    params: { fields: Omit<CreativeUploadFields, 'width' | 'height' | 'durationSeconds'>; file: File; onProgress?: (fraction: number) => void },
  ): Promise<SchemaCreative>;
  /** The creative's file as an object URL for a preview (the caller revokes it). */
  creativePreview(resource: 'creatives', params: { id: number }): Promise<string>;
  /** Every system size, OOH and DOOH, a creative may be made for. */
  creativeSizes(resource: 'creatives'): Promise<SchemaSize[]>;
}

export const creativesDataProvider: DataProvider & CreativesMethods = {
  ...creativesCrud,
  async uploadCreative(_r, { fields, file, onProgress }) {
    const dims = await measure(file).catch(() => undefined);
    return uploadCreative({ ...fields, ...dims }, file, onProgress);
  },
  creativePreview: async (_r, { id }) => URL.createObjectURL(await getCreativeContent(id)),
  creativeSizes: async () => (await Promise.all((['OOH', 'DOOH'] as const).map((type) => listSizes(type)))).flat(),
};
