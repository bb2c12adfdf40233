import { fileTypeFromBuffer } from 'file-type';
import { HttpError, type UploadedFile } from './http';

type MultipartOperation = {
  requestBody?: { content?: Record<string, { encoding?: Record<string, { contentType?: string }> }> };
};

/** The media types an operation's document accepts for a multipart field (`encoding.<field>.contentType`). */
export function acceptedTypes(operation: MultipartOperation, field: string): string[] {
  const listed = operation.requestBody?.content?.['multipart/form-data']?.encoding?.[field]?.contentType ?? '';
  return listed.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
}

const isPicture = (type: string) => type.startsWith('image/') || type.startsWith('video/');

/**
 * A file that says it is an image, or goes where the document accepts only images (and videos), is
 * judged by its bytes, not by the type the client declared: HTML sent as `image/png`, an SVG (a
 * script carrier) or any bytes that are no accepted picture answer 415. A file that passes keeps the
 * type its bytes show.
 */
export async function checkPictureBytes(operation: MultipartOperation, files: UploadedFile[]): Promise<void> {
  for (const upload of files) {
    const accepted = acceptedTypes(operation, upload.fieldName);
    if (!accepted.length) continue;
    const claimsPicture = isPicture(upload.mediaType.toLowerCase());
    if (!claimsPicture && !accepted.every(isPicture)) continue;
    const found = await fileTypeFromBuffer(upload.content);
    if (!found || !accepted.includes(found.mime)) {
      throw new HttpError(415, `Il contenuto del file non è un tipo ammesso (${accepted.join(', ')})`, {
        errors: [{ path: `/body/${upload.fieldName}`, message: found ? `contenuto ${found.mime}` : 'contenuto non riconosciuto come immagine' }],
      });
    }
    upload.mediaType = found.mime;
  }
}

/** Where a request's strings hold a NUL byte (PostgreSQL text cannot store one): JSON-pointer-like paths. */
export function nulBytesIn(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [at || '/'] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nulBytesIn(v, `${at}/${i}`));
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.entries(value).flatMap(([k, v]) => [...nulBytesIn(k, `${at}/${k}`), ...nulBytesIn(v, `${at}/${k}`)]);
  }
  return [];
}

/** A UTF-16 surrogate without its pair: no text encoding (nor PostgreSQL) can store one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where a request's strings (values and keys) hold what no stored text can: a NUL byte or a lone
 * surrogate, as `{ path, message }` with JSON-pointer-like paths.
 */
export function badTextIn(value: unknown, at = ''): Array<{ path: string; message: string }> {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return [{ path: at || '/', message: 'contiene un carattere nullo (NUL)' }];
    if (LONE_SURROGATE.test(value)) return [{ path: at || '/', message: 'contiene un surrogato UTF-16 isolato' }];
    return [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => badTextIn(v, `${at}/${i}`));
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.entries(value).flatMap(([k, v]) => [...badTextIn(k, `${at}/${k}`), ...badTextIn(v, `${at}/${k}`)]);
  }
  return [];
}
