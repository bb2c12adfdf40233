import type {
  paths,
  SchemaAdvertiser,
  SchemaAdvertiserImage,
  SchemaAdvertiserInput,
  SchemaUniqueField,
} from './generated/advertiser';
import { ApiError, callOrThrow, lazyClient, upload, type UploadProgress } from './http';

/** The advertiser service: a typed openapi-fetch client. */
export const advertiserApi = lazyClient<paths>('advertiser');

/** The advertiser image messages, word for word. */
export const LOGO_MESSAGES = {
  load: "Errore nel caricamento dell'immagine",
  upload: (status: number, text: string) => `Errore nell'upload del logo: ${status} - ${text}`,
  remove: (status: number, text: string) => `Errore nell'eliminazione del logo: ${status} - ${text}`,
  update: (status: number, text: string) => `Errore nell'aggiornamento del logo: ${status} - ${text}`,
};

function asLogoError(error: unknown, message: (status: number, text: string) => string): ApiError {
  const status = error instanceof ApiError ? error.status : 0;
  const text = error instanceof Error ? error.message : String(error);
  return new ApiError(status, message(status, text), error instanceof ApiError ? error.body : undefined);
}

/** The path and query of allPaginated: page from 0, per page, the optional name and business area filters. */
export type AdvertisersPageParams = paths['/allPaginated/page/{p}/perPage/{n}']['get']['parameters'];

/** GET allPaginated/page/{p}/perPage/{n}?name&businessArea: a page of advertisers and the total. */
export function listAdvertisersPage(params: Pick<AdvertisersPageParams, 'path' | 'query'>) {
  return callOrThrow(advertiserApi().GET('/allPaginated/page/{p}/perPage/{n}', { params }));
}

/** GET getAll: every advertiser. */
export function listAllAdvertisers(): Promise<SchemaAdvertiser[]> {
  return callOrThrow(advertiserApi().GET('/getAll'));
}

/** GET getById?id: one advertiser. */
export function getAdvertiser(id: number): Promise<SchemaAdvertiser> {
  return callOrThrow(advertiserApi().GET('/getById', { params: { query: { id } } }));
}

/** POST create: the new advertiser. */
export function createAdvertiser(body: SchemaAdvertiserInput) {
  return callOrThrow(advertiserApi().POST('/create', { body }));
}

/** PUT update: the advertiser whose `id` the body names. */
export function updateAdvertiser(body: SchemaAdvertiserInput & { id: number }) {
  return callOrThrow(advertiserApi().PUT('/update', { body }));
}

/** DELETE delete?id. */
export async function deleteAdvertiser(id: number): Promise<void> {
  await callOrThrow(advertiserApi().DELETE('/delete', { params: { query: { id } } }));
}

/** GET checkUnicity/{field}?value: true when no advertiser has the value yet. */
export async function checkAdvertiserUnicity(field: SchemaUniqueField, value: string): Promise<boolean> {
  const result = await callOrThrow(advertiserApi().GET('/checkUnicity/{field}', { params: { path: { field }, query: { value } } }));
  return result.unique;
}

function logoForm(file: Blob, fileName: string, advertiserId?: number): FormData {
  const form = new FormData();
  if (advertiserId !== undefined) form.append('advertiserId', String(advertiserId));
  form.append('file', file, fileName);
  return form;
}

/**
 * POST image/upload through the app's one multipart upload (progress, token refresh); a failure
 * carries 'Errore nell'upload del logo: {status} - {text}'.
 */
export async function uploadAdvertiserLogo(advertiserId: number, file: File, onProgress?: UploadProgress): Promise<SchemaAdvertiserImage> {
  try {
    return await upload<SchemaAdvertiserImage>('advertiser', '/image/upload', logoForm(file, file.name, advertiserId), onProgress);
  } catch (error) {
    throw asLogoError(error, LOGO_MESSAGES.upload);
  }
}

/** PUT updateLogo/{id} (multipart); a failure carries 'Errore nell'aggiornamento del logo: {status} - {text}'. */
export async function updateAdvertiserLogo(advertiserId: number, file: File): Promise<SchemaAdvertiserImage> {
  try {
    return await callOrThrow(
      advertiserApi().PUT('/updateLogo/{id}', {
        params: { path: { id: advertiserId } },
        body: { file },
        bodySerializer: (body) => logoForm(body.file, file.name),
      }),
    );
  } catch (error) {
    throw asLogoError(error, LOGO_MESSAGES.update);
  }
}

/** GET businessArea/all: the business areas an advertiser belongs to. */
export const listBusinessAreas = () => callOrThrow(advertiserApi().GET('/businessArea/all'));

/** GET getRoles: the roles of an advertiser's contact people. */
export const listContactRoles = () => callOrThrow(advertiserApi().GET('/getRoles'));

/** DELETE image/delete/{id}; a failure carries 'Errore nell'eliminazione del logo: {status} - {text}'. */
export async function deleteAdvertiserLogo(imageId: number): Promise<void> {
  try {
    await callOrThrow(advertiserApi().DELETE('/image/delete/{id}', { params: { path: { id: imageId } } }));
  } catch (error) {
    throw asLogoError(error, LOGO_MESSAGES.remove);
  }
}

/** GET image/get/{id} as a blob; a failure carries 'Errore nel caricamento dell'immagine'. */
export async function getAdvertiserLogo(imageId: number): Promise<Blob> {
  try {
    return await callOrThrow(advertiserApi().GET('/image/get/{id}', { params: { path: { id: imageId } }, parseAs: 'blob' }));
  } catch (error) {
    throw new ApiError(error instanceof ApiError ? error.status : 0, LOGO_MESSAGES.load);
  }
}
