import type { components } from '../../src/api/generated/systems';
import type { Db } from '../db';
import { notify, registerSweep, usernamesWithRoles } from './notices';
import { addDays, daysBetween, itDate } from './reservations';

/*
 * Authorizations (permessi) and leases (locazioni) of the sites systems stand on. A system names
 * one lease and any number of authorizations. What ends is told ahead (90, 30 and 7 days before, to
 * the admins and asset managers), and a face whose system loses its authorization or lease before
 * the end of a period it is sold for is at risk in that period.
 */

export type PermitKind = 'authorization' | 'lease';
export type Authorization = components['schemas']['Authorization'];
export type Lease = components['schemas']['Lease'];
export type PermitDocument = components['schemas']['PermitDocument'];

export const PERMIT_TABLE = { authorization: 'system_authorizations', lease: 'system_leases' } as const;
/** The files table's owner of a permit's documents. */
export const PERMIT_FILES = { authorization: 'systemAuthorizations', lease: 'systemLeases' } as const;
/** The app route of a permit's screen. */
export const PERMIT_ROUTE = { authorization: '/authorizations', lease: '/leases' } as const;
export const PERMIT_NOUN = { authorization: 'autorizzazione', lease: 'locazione' } as const;

/** Days before the end date when the admins and asset managers are told, widest first. */
export const EXPIRY_THRESHOLDS = [90, 30, 7] as const;
export const PERMIT_MANAGERS = ['ROLE_ADMIN', 'ROLE_ASSETMANAGER'] as const;

const day = (d: string | Date | null | undefined): string | null =>
  d === null || d === undefined ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

/** Days from `today` to `end`: 0 on the last day, negative once ended. */
export const daysLeft = (today: string, end: string): number => daysBetween(today, end) - 1;

/** The end date column of each kind (authorizations name theirs `valid_to`). */
const END_COLUMN = { authorization: 'valid_to', lease: 'end_date' } as const;

/** A permit's systems: `SELECT … FROM systems` condition on `s`, per kind. */
export const SYSTEMS_OF = {
  authorization: (param: string) => `${param} = ANY(s.authorization_ids)`,
  lease: (param: string) => `s.lease_id = ${param}`,
} as const;

export interface PermitEnd {
  kind: PermitKind;
  id: number;
  name: string;
  endDate: string;
  systemId: number;
}

/** The end dates of the authorizations and leases of the given systems (those that have one). */
export async function permitEndsOf(db: Db, systemIds: readonly number[]): Promise<PermitEnd[]> {
  if (!systemIds.length) return [];
  const { rows } = await db.query<{ kind: PermitKind; id: string; name: string; end_date: string | Date; system_id: string }>(
    `SELECT 'lease' AS kind, l.id, l.name, l.end_date, s.id AS system_id
       FROM systems s JOIN system_leases l ON l.id = s.lease_id
      WHERE s.id = ANY($1::bigint[]) AND l.end_date IS NOT NULL
     UNION ALL
     SELECT 'authorization', a.id, a.name, a.valid_to, s.id
       FROM systems s JOIN system_authorizations a ON a.id = ANY(s.authorization_ids)
      WHERE s.id = ANY($1::bigint[]) AND a.valid_to IS NOT NULL
     ORDER BY 4, 2`,
    [systemIds],
  );
  return rows.map((r) => ({ kind: r.kind, id: Number(r.id), name: r.name, endDate: day(r.end_date)!, systemId: Number(r.system_id) }));
}

/** How a risk reads: `Autorizzazione CUP 2026/118 scade il 20/12/2026` (`è scaduta` once past). */
export function riskReason(p: Pick<PermitEnd, 'name' | 'endDate'>, today: string): string {
  return `${p.name} ${p.endDate < today ? 'è scaduta' : 'scade'} il ${itDate(p.endDate)}`;
}

/**
 * The risks of each system for a period ending on `periodEnd`: its authorizations and leases that
 * end before that day, each as its reason.
 */
export async function risksBefore(db: Db, systemIds: readonly number[], periodEnd: string, today: string): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const p of await permitEndsOf(db, [...new Set(systemIds)])) {
    if (p.endDate >= periodEnd) continue;
    const list = out.get(p.systemId) ?? [];
    list.push(riskReason(p, today));
    out.set(p.systemId, list);
  }
  return out;
}

export interface FaceRisk {
  frameId: number;
  frameName?: string;
  systemId: number;
  systemCode: string;
  reason: string;
}

/** The faces (each sold until its own `periodEnd`) whose system loses an authorization or lease before then. */
export async function facesAtRisk(
  db: Db,
  faces: ReadonlyArray<{ frameId: number; frameName?: string; systemId: number; systemCode: string; periodEnd: string }>,
  today: string,
): Promise<FaceRisk[]> {
  const ends = await permitEndsOf(db, [...new Set(faces.map((f) => f.systemId))]);
  const out: FaceRisk[] = [];
  const seen = new Set<number>();
  for (const f of faces) {
    if (seen.has(f.frameId)) continue;
    const ending = ends.filter((p) => p.systemId === f.systemId && p.endDate < f.periodEnd);
    if (!ending.length) continue;
    seen.add(f.frameId);
    out.push({
      frameId: f.frameId,
      ...(f.frameName ? { frameName: f.frameName } : {}),
      systemId: f.systemId,
      systemCode: f.systemCode,
      reason: ending.map((p) => riskReason(p, today)).join('; '),
    });
  }
  return out;
}

/* ---------- reading the records ---------- */

interface PermitRow {
  id: string;
  name: string;
  version: string;
  notes: string | null;
  // lease
  lessor?: string | null;
  reference?: string | null;
  start_date?: string | Date | null;
  end_date?: string | Date | null;
  annual_fee?: string | null;
  // authorization
  issuer?: string | null;
  number?: string | null;
  valid_from?: string | Date | null;
  valid_to?: string | Date | null;
  cost?: string | null;
}

const money = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** The documents of permits of one kind, by permit id. */
async function documentsOf(db: Db, kind: PermitKind, ids: number[]): Promise<Map<number, PermitDocument[]>> {
  const out = new Map<number, PermitDocument[]>();
  if (!ids.length) return out;
  const { rows } = await db.query<{ id: string; owner_id: string; file_name: string; media_type: string; size: number; uploaded_by: string | null; created_at: Date | string }>(
    'SELECT id, owner_id, file_name, media_type, size, uploaded_by, created_at FROM files WHERE owner_collection = $1 AND owner_id = ANY($2::bigint[]) ORDER BY id',
    [PERMIT_FILES[kind], ids],
  );
  for (const r of rows) {
    const list = out.get(Number(r.owner_id)) ?? [];
    list.push(toDocument(r));
    out.set(Number(r.owner_id), list);
  }
  return out;
}

export function toDocument(r: { id: string | number; file_name: string; media_type: string; size: number; uploaded_by: string | null; created_at: Date | string }): PermitDocument {
  return {
    id: Number(r.id),
    fileName: r.file_name,
    mediaType: r.media_type,
    size: Number(r.size),
    uploadedAt: new Date(r.created_at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    uploadedBy: r.uploaded_by,
  };
}

/** The systems of permits of one kind, by permit id (code order). */
async function systemsOf(db: Db, kind: PermitKind, ids: number[]): Promise<Map<number, Array<{ id: number; code: string; name: string }>>> {
  const out = new Map<number, Array<{ id: number; code: string; name: string }>>();
  if (!ids.length) return out;
  const { rows } = await db.query<{ permit_id: string; id: string; code: string; name: string }>(
    kind === 'lease'
      ? 'SELECT s.lease_id AS permit_id, s.id, s.code, s.name FROM systems s WHERE s.lease_id = ANY($1::bigint[]) ORDER BY s.code'
      : 'SELECT p.id AS permit_id, s.id, s.code, s.name FROM systems s JOIN unnest($1::bigint[]) AS p(id) ON p.id = ANY(s.authorization_ids) ORDER BY s.code',
    [ids],
  );
  for (const r of rows) {
    const list = out.get(Number(r.permit_id)) ?? [];
    list.push({ id: Number(r.id), code: r.code, name: r.name });
    out.set(Number(r.permit_id), list);
  }
  return out;
}

/** Rows of a permit table as the document reads them, with their systems and documents. */
export async function toPermits(db: Db, kind: PermitKind, rows: PermitRow[], today: string): Promise<Array<Authorization | Lease>> {
  const ids = rows.map((r) => Number(r.id));
  const [systems, documents] = await Promise.all([systemsOf(db, kind, ids), documentsOf(db, kind, ids)]);
  return rows.map((r) => {
    const id = Number(r.id);
    const common = { id, name: r.name, notes: r.notes, systems: systems.get(id) ?? [], documents: documents.get(id) ?? [], lockVersion: Number(r.version) };
    if (kind === 'lease') {
      const endDate = day(r.end_date);
      return {
        ...common,
        landlord: r.lessor ?? null,
        reference: r.reference ?? null,
        startDate: day(r.start_date),
        endDate,
        annualCost: money(r.annual_fee),
        expiresIn: endDate ? daysLeft(today, endDate) : null,
      } satisfies Lease;
    }
    const endDate = day(r.valid_to);
    return {
      ...common,
      issuer: r.issuer ?? null,
      number: r.number ?? null,
      startDate: day(r.valid_from),
      endDate,
      cost: money(r.cost),
      expiresIn: endDate ? daysLeft(today, endDate) : null,
    } satisfies Authorization;
  });
}

/* ---------- what is about to end ---------- */

/** The threshold a permit ending in `left` days falls under (the narrowest reached), or none. */
export function thresholdOf(left: number): number | undefined {
  if (left < 0) return undefined;
  return [...EXPIRY_THRESHOLDS].reverse().find((t) => left <= t);
}

const MAX_CODES = 10;

/** Tells the admins and asset managers of every authorization and lease that reached a threshold today. */
export async function permitsExpiring(db: Db, today: string): Promise<void> {
  const last = addDays(today, EXPIRY_THRESHOLDS[0]);
  let users: string[] | undefined;
  for (const kind of ['authorization', 'lease'] as const) {
    const end = END_COLUMN[kind];
    const { rows } = await db.query<{ id: string; name: string; end_date: string | Date; codes: string[] | null }>(
      `SELECT p.id, p.name, p.${end} AS end_date,
              (SELECT array_agg(s.code ORDER BY s.code) FROM systems s WHERE ${SYSTEMS_OF[kind]('p.id')}) AS codes
         FROM ${PERMIT_TABLE[kind]} p WHERE p.${end} BETWEEN $1 AND $2 ORDER BY p.${end}, p.id`,
      [today, last],
    );
    for (const r of rows) {
      const endDate = day(r.end_date)!;
      const left = daysLeft(today, endDate);
      const threshold = thresholdOf(left);
      if (threshold === undefined) continue;
      users ??= await usernamesWithRoles(db, PERMIT_MANAGERS);
      const codes = r.codes ?? [];
      const systems = codes.length
        ? ` (${codes.slice(0, MAX_CODES).join(', ')}${codes.length > MAX_CODES ? ` e altri ${codes.length - MAX_CODES}` : ''})`
        : ' (nessun impianto)';
      const when = left === 0 ? 'scade oggi' : left === 1 ? 'scade domani' : `scade tra ${left} giorni`;
      const message = `${kind === 'lease' ? 'La locazione' : "L'autorizzazione"} «${r.name}»${systems} ${when}, il ${itDate(endDate)}`;
      for (const username of users) {
        await notify(db, {
          username,
          kind: kind === 'lease' ? 'leaseExpiring' : 'permitExpiring',
          message,
          link: `${PERMIT_ROUTE[kind]}/${r.id}`,
          key: `${kind}:${r.id}:${threshold}:${endDate}`,
        });
      }
    }
  }
}

registerSweep('permitsExpiring', permitsExpiring);
