// @vitest-environment node
import { validateHeaderValue } from 'node:http';
import { deflateSync } from 'node:zlib';
import { parse as parseDisposition } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { file, HttpError, type UploadedFile } from '../../sandbox/http';
import { loadDocument } from '../../sandbox/server';
import { checkPictureBytes, nulBytesIn } from '../../sandbox/uploads';

/* Hostile inputs the sandbox answers with a 4xx, not a 500 or a broken download. */

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 1×1 PNG. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
  chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
  chunk('IEND', Buffer.alloc(0)),
]);
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

function operation(service: string, operationId: string): object {
  const doc = loadDocument(service) as { paths: Record<string, Record<string, { operationId?: string }>> };
  for (const item of Object.values(doc.paths)) for (const op of Object.values(item)) if (op?.operationId === operationId) return op;
  throw new Error(`${service}.${operationId} not found`);
}

const upload = (content: Buffer, mediaType: string): UploadedFile => ({ fieldName: 'file', fileName: 'logo.png', mediaType, size: content.length, content });

async function refusal(op: object, files: UploadedFile[]): Promise<number | undefined> {
  try {
    await checkPictureBytes(op as never, files);
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

describe('uploaded images are judged by their bytes', () => {
  const logo = operation('advertiser', 'uploadAdvertiserImage');
  const attachment = operation('campaign', 'uploadCampaignAttachment');

  it('keeps a real PNG', async () => {
    const files = [upload(PNG, 'image/png')];
    expect(await refusal(logo, files)).toBeUndefined();
    expect(files[0].mediaType).toBe('image/png');
  });

  it('takes the type from the bytes when the client declared a generic one', async () => {
    const files = [upload(PNG, 'application/octet-stream')];
    expect(await refusal(logo, files)).toBeUndefined();
    expect(files[0].mediaType).toBe('image/png');
  });

  it.each([
    ['HTML sent as image/png', HTML, 'image/png'],
    ['an SVG sent as image/svg+xml', SVG, 'image/svg+xml'],
    ['an SVG sent as image/png', SVG, 'image/png'],
    ['text sent as application/octet-stream', Buffer.from('ciao'), 'application/octet-stream'],
  ])('answers 415 to %s on an image-only upload', async (_what, content, type) => {
    expect(await refusal(logo, [upload(content, type)])).toBe(415);
  });

  it('answers 415 to HTML that claims to be an image where documents are accepted too', async () => {
    expect(await refusal(attachment, [upload(HTML, 'image/png')])).toBe(415);
  });

  it('leaves a non-image to the operation where documents are accepted', async () => {
    expect(await refusal(attachment, [upload(Buffer.from('%PDF-1.4\n'), 'application/pdf')])).toBeUndefined();
  });
});

describe('download file names', () => {
  it.each([
    ['non-Latin-1', 'preventivo-日本-€.pdf'],
    ['CR/LF', 'a\r\nSet-Cookie: x=1.pdf'],
    ['an injected filename*', `x.pdf"; filename*=UTF-8''evil.exe`],
    ['quotes', 'a"b "c".pdf'],
  ])('a name with %s gives a valid header that names the file exactly', (_what, name) => {
    const header = file(Buffer.from('x'), 'application/pdf', name).headers!['Content-Disposition'];
    expect(() => validateHeaderValue('Content-Disposition', header)).not.toThrow();
    const parsed = parseDisposition(header);
    expect(parsed.type).toBe('attachment');
    expect(parsed.parameters.filename).toBe(name);
    expect(Object.keys(parsed.parameters).length).toBeLessThanOrEqual(1);
  });
});

describe('NUL bytes', () => {
  it('are found in nested strings and keys, with where they are', () => {
    expect(nulBytesIn({ a: 'ok', b: ['x', 'y\u0000'], ['k\u0000']: 1 })).toEqual(['/b/1', '/k\u0000']);
    expect(nulBytesIn({ a: 'ok', n: 3, list: [1, 'x'] })).toEqual([]);
  });
});
