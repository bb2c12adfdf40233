import { deflateSync } from 'node:zlib';
import type { components, operations } from '../../src/api/generated/creativity';
import type { Db } from '../db';
import { HttpError, reply, type Handler, type HandlerContext, type OperationHandlers } from '../http';
import { deleteFile, getRecord, guardedUpdate, inRecords, insertRecord, lockVersionOf, storeFile, updateRecord, type RecordData, type StoredRecord } from '../store';
import type { SeedOptions } from '../seed/options';
import { fileDownload, idParam, listResource, requireOne, requireReferences, uploadedFile } from '../store';
import { MB, nowIso } from '../shared/values';

/*
 * The creativity service: creatives (images and videos) of a campaign (collection `creatives`,
 * the files in the file store). Dimensions come from the form or, for PNG and JPEG, from the file.
 */

type Creative = components['schemas']['Creative'];

const CREATIVES = 'creatives';
const TYPES = ['image/png', 'image/jpeg', 'video/mp4', 'video/webm'] as const;

const creativeNotFound = (id: number) => `Creatività ${id} non trovata`;

function toCreative(r: StoredRecord): Creative {
  return {
    id: r.id,
    campaignId: Number(r.campaignId),
    name: String(r.name),
    kind: r.kind as Creative['kind'],
    mediaType: r.mediaType as Creative['mediaType'],
    width: Number(r.width),
    height: Number(r.height),
    durationSeconds: (r.durationSeconds as number | null | undefined) ?? null,
    sizeId: (r.sizeId as number | null | undefined) ?? null,
    status: r.status as Creative['status'],
    uploadedAt: String(r.uploadedAt),
    ...lockVersionOf(r),
  };
}

/** Width and height of a PNG or JPEG, read from its header. */
export function imageSize(content: Buffer, mediaType: string): { width: number; height: number } | undefined {
  if (mediaType === 'image/png' && content.length >= 24 && content.readUInt32BE(12) === 0x49484452) {
    return { width: content.readUInt32BE(16), height: content.readUInt32BE(20) };
  }
  if (mediaType === 'image/jpeg' && content[0] === 0xff && content[1] === 0xd8) {
    let i = 2;
    while (i + 9 < content.length) {
      if (content[i] !== 0xff) return undefined;
      const marker = content[i + 1];
      const length = content.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: content.readUInt16BE(i + 5), width: content.readUInt16BE(i + 7) };
      }
      i += 2 + length;
    }
  }
  return undefined;
}

/** Whether a size of the systems service exists; undefined when the sandbox cannot tell (no sizes kept). */
async function sizeExists(db: Db, id: number): Promise<boolean | undefined> {
  for (const table of ['sizes', 'system_sizes']) {
    const { rows } = await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table]);
    if (rows[0]?.t) {
      try {
        const found = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
        return found.rows.length > 0;
      } catch {
        return undefined;
      }
    }
  }
  if (await getRecord(db, 'sizes', id)) return true;
  const any = await db.query(`SELECT 1 FROM records WHERE collection = 'sizes' LIMIT 1`);
  return any.rows.length ? false : undefined;
}

async function checkSize(db: Db, sizeId: number | null) {
  if (sizeId !== null && (await sizeExists(db, sizeId)) === false) {
    const message = `formato inesistente: ${sizeId}`;
    throw new HttpError(422, `Riferimento a un elemento inesistente (${message})`, { errors: [{ path: '/body/sizeId', message }] });
  }
}

const positive = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

const uploadCreative: Handler = async (ctx: HandlerContext) => {
  const body = ctx.body as Record<string, unknown>;
  const campaignId = Number(body.campaignId);
  await requireReferences(ctx.db, { campaignId }, [{ field: 'campaignId', collection: 'campaigns', label: 'campagna' }]);
  const sizeId = positive(body.sizeId) ?? null;
  await checkSize(ctx.db, sizeId);
  const upload = uploadedFile(ctx, TYPES, 200 * MB, '200 MB');
  const kind = upload.mediaType.startsWith('video/') ? 'video' : 'image';
  const measured = kind === 'image' ? imageSize(upload.content, upload.mediaType) : undefined;
  const width = positive(body.width) ?? measured?.width;
  const height = positive(body.height) ?? measured?.height;
  if (!width || !height) throw new HttpError(422, 'Impossibile leggere le dimensioni del file: indicare larghezza e altezza');
  return ctx.db.transaction(async (tx) => {
    const fileId = await storeFile(tx, { collection: CREATIVES, id: campaignId }, { fileName: upload.fileName, mediaType: upload.mediaType, content: upload.content }, ctx.user?.username);
    const record = await insertRecord(tx, CREATIVES, {
      campaignId,
      name: String(body.name),
      kind,
      mediaType: upload.mediaType,
      width: Math.round(width),
      height: Math.round(height),
      durationSeconds: kind === 'video' ? (positive(body.durationSeconds) ?? null) : null,
      sizeId,
      status: 'pending',
      uploadedAt: nowIso(),
      fileId,
    });
    return reply(201, toCreative(record));
  });
};

const updateCreative: Handler = async (ctx) => {
  const id = idParam(ctx);
  const body = ctx.body as RecordData;
  return guardedUpdate(ctx, inRecords(CREATIVES, id, 'creatività', true), async (tx) => {
    await requireOne(tx, CREATIVES, id, creativeNotFound(id));
    const sizeId = (body.sizeId as number | null | undefined) ?? null;
    await checkSize(tx, sizeId);
    const updated = await updateRecord(tx, CREATIVES, id, { name: body.name, sizeId, status: body.status });
    return toCreative(updated!);
  });
};

export const handlers: OperationHandlers<operations> = {
  listCreatives: (ctx) => listResource(ctx, { resource: CREATIVES, fields: ['campaignId', 'kind', 'status', 'sizeId'], searchFields: ['name'] }, toCreative),
  uploadCreative,
  getCreativeById: async (ctx) => {
    const id = idParam(ctx);
    return toCreative(await requireOne(ctx.db, CREATIVES, id, creativeNotFound(id)));
  },
  updateCreative,
  deleteCreative: async (ctx) => {
    const id = idParam(ctx);
    return ctx.db.transaction(async (tx) => {
      const record = await requireOne(tx, CREATIVES, id, creativeNotFound(id));
      await deleteFile(tx, Number(record.fileId));
      await tx.query('DELETE FROM records WHERE collection = $1 AND id = $2', [CREATIVES, id]);
      return toCreative(record);
    });
  },
  downloadCreative: async (ctx) => {
    const id = idParam(ctx);
    return fileDownload(ctx.db, await requireOne(ctx.db, CREATIVES, id, creativeNotFound(id)), creativeNotFound(id));
  },
};

/* ---------- seed ---------- */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small PNG of one colour with a lighter band, at the given size (for previews). */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const band = y > height / 3 && y < (2 * height) / 3;
    for (let x = 0; x < width; x += 1) {
      const o = y * (width * 3 + 1) + 1 + x * 3;
      raw[o] = band ? 255 - (255 - r) / 2 : r;
      raw[o + 1] = band ? 255 - (255 - g) / 2 : g;
      raw[o + 2] = band ? 255 - (255 - b) / 2 : b;
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/* Preview sizes keep the aspect of common formats (6x3, 4x3, 100x140 poster, 16:9 screen) at a small scale. */
const FORMATS: Array<{ label: string; width: number; height: number; preview: [number, number] }> = [
  { label: '6x3', width: 6000, height: 3000, preview: [120, 60] },
  { label: '4x3', width: 4000, height: 3000, preview: [120, 90] },
  { label: 'poster 100x140', width: 1000, height: 1400, preview: [70, 98] },
  { label: 'schermo 16:9', width: 1920, height: 1080, preview: [128, 72] },
];
const COLOURS: Array<[number, number, number]> = [
  [10, 63, 138],
  [200, 60, 40],
  [30, 140, 80],
  [220, 160, 20],
];

export async function seed(db: Db, { size, rng }: SeedOptions): Promise<void> {
  const campaigns = await db.query<{ id: string; data: RecordData }>(`SELECT id, data FROM records WHERE collection = 'campaigns' ORDER BY id LIMIT ${size === 'large' ? 60 : 6}`);
  for (const c of campaigns.rows) {
    for (let k = 0; k < 2; k += 1) {
      const format = rng.pick(FORMATS);
      const content = solidPng(format.preview[0], format.preview[1], rng.pick(COLOURS));
      const fileName = `creativita_${c.id}_${k + 1}.png`;
      const fileId = await storeFile(db, { collection: CREATIVES, id: Number(c.id) }, { fileName, mediaType: 'image/png', content }, 'designer');
      await insertRecord(db, CREATIVES, {
        campaignId: Number(c.id),
        name: `${String(c.data.name)} – ${format.label}`,
        kind: 'image',
        mediaType: 'image/png',
        width: format.width,
        height: format.height,
        durationSeconds: null,
        sizeId: null,
        status: (['pending', 'approved', 'rejected'] as const)[k === 0 ? 1 : rng.int(0, 2)],
        uploadedAt: '2026-02-18T10:00:00Z',
        fileId,
      });
    }
  }
}
