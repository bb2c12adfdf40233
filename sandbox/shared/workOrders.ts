import type { components } from '../../src/api/generated/frame';
import type { Db } from '../db';
import { HttpError } from '../http';
import { getRecord, insertRecord, lockVersionOf, type RecordData, type StoredRecord } from '../store';
import { addDays, facesByIds, todayOn } from './reservations';
import { systemsByIds } from './systems';
import { nowIso } from './values';

/*
 * Work orders as the frame service keeps them and the planner makes them: posting and removal
 * orders for the booked faces of a confirmed planning, given to the team that posts on each face's
 * system (its duties in the systems service's team links).
 */

type WorkOrder = components['schemas']['WorkOrder'];
type Photo = components['schemas']['WorkOrderPhoto'];
type Status = WorkOrder['status'];

export const WORK_ORDERS = 'workOrders';

/* ---------- reading ---------- */

export async function teamNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!ids.length) return out;
  const { rows } = await db.query<{ id: string; name: string }>(
    "SELECT id, data->>'companyName' AS name FROM records WHERE collection = 'teams' AND id = ANY($1::bigint[])",
    [ids],
  );
  for (const r of rows) out.set(Number(r.id), r.name);
  return out;
}

export async function toWorkOrders(db: Db, rows: StoredRecord[]): Promise<WorkOrder[]> {
  const faces = await facesByIds(db, [...new Set(rows.map((r) => Number(r.frameId)))]);
  const systems = new Map((await systemsByIds(db, [...new Set(rows.map((r) => Number(r.systemId)))])).map((s) => [s.id, s]));
  const teams = await teamNames(db, [...new Set(rows.map((r) => Number(r.teamId)).filter((n) => n > 0))]);
  const today = todayOn();
  return rows.map((r) => {
    const system = systems.get(Number(r.systemId));
    const stored = r.status as Status;
    const status: Status = stored === 'todo' && String(r.dueDate) < today ? 'late' : stored;
    return {
      id: r.id,
      code: `WO-${String(r.id).padStart(6, '0')}`,
      frameId: Number(r.frameId),
      systemId: Number(r.systemId),
      frameName: faces.get(Number(r.frameId))?.frameName ?? '',
      systemCode: system?.code ?? '',
      address: system?.address ?? '',
      municipality: system?.municipality ?? '',
      latitude: system?.latitude ?? 0,
      longitude: system?.longitude ?? 0,
      type: r.type as WorkOrder['type'],
      dueDate: String(r.dueDate),
      teamId: r.teamId == null ? null : Number(r.teamId),
      teamName: r.teamId == null ? '' : (teams.get(Number(r.teamId)) ?? ''),
      status,
      notes: String(r.notes ?? ''),
      planningId: r.planningId == null ? null : Number(r.planningId),
      campaignId: r.campaignId == null ? null : Number(r.campaignId),
      photos: (r.photos as Photo[] | undefined) ?? [],
      problem: (r.problem as WorkOrder['problem'] | undefined) ?? null,
      doneAt: r.doneAt == null ? null : String(r.doneAt),
      createdAt: String(r.createdAt),
      ...lockVersionOf(r),
    };
  });
}


/* ---------- teams by duty ---------- */

/** The team that does `duties` on the system (the first linked with one of them), else null. */
export async function teamFor(db: Db, systemId: number, duties: readonly string[]): Promise<number | null> {
  const { rows } = await db.query<{ team: string; duties: string[] }>(
    `SELECT data->>'teamId' AS team, ARRAY(SELECT jsonb_array_elements_text(data->'duties')) AS duties
       FROM records WHERE collection = 'system_providers' AND data->>'systemId' = $1 ORDER BY id`,
    [String(systemId)],
  );
  for (const duty of duties) {
    const found = rows.find((r) => r.duties.includes(duty));
    if (found) return Number(found.team);
  }
  return null;
}

export const POSTING_DUTIES = ['affissione', 'installazione'] as const;
export const MAINTENANCE_DUTIES = ['manutenzione', 'affissione', 'installazione'] as const;

/* ---------- made from a planning ---------- */

/** Posting and removal orders for every booked face of a confirmed planning; those already made are kept. */
export async function workOrdersFromPlanning(db: Db, planningId: number) {
  const planning = await getRecord(db, 'plannings', planningId);
  if (!planning) throw new HttpError(422, `Riferimento a un elemento inesistente (pianificazione inesistente: ${planningId})`, { errors: [{ path: '/body/planningId', message: `pianificazione inesistente: ${planningId}` }] });
  if (planning.status !== 'confirmed' && planning.status !== 'closed') {
    throw new HttpError(409, 'Gli ordini di lavoro si fanno da una pianificazione confermata');
  }
  const { rows } = await db.query<{ id: string; data: RecordData }>(
    `SELECT id, data FROM records WHERE collection = 'planningItems' AND data->>'planningId' = $1 AND data ? 'frameId' ORDER BY id`,
    [String(planningId)],
  );
  const faces = await facesByIds(db, rows.map((r) => Number(r.data.frameId)));
  const perTeam = new Map<number, number>();
  const withoutTeam: string[] = [];
  let created = 0;
  for (const r of rows) {
    const face = faces.get(Number(r.data.frameId));
    if (!face) continue;
    const teamId = await teamFor(db, face.systemId, POSTING_DUTIES);
    if (teamId === null) withoutTeam.push(`${face.frameName} di ${face.systemCode}`);
    const jobs = [
      { type: 'posting', dueDate: String(r.data.periodStart) },
      { type: 'removal', dueDate: addDays(String(r.data.periodEnd), 1) },
    ];
    for (const job of jobs) {
      const { rows: existing } = await db.query(
        `SELECT 1 FROM records WHERE collection = $1 AND data->>'frameId' = $2 AND data->>'type' = $3 AND data->>'dueDate' = $4 AND data->>'planningId' = $5 LIMIT 1`,
        [WORK_ORDERS, String(face.frameId), job.type, job.dueDate, String(planningId)],
      );
      if (existing.length) continue;
      await insertRecord(db, WORK_ORDERS, {
        frameId: face.frameId,
        systemId: face.systemId,
        type: job.type,
        dueDate: job.dueDate,
        teamId,
        status: 'todo',
        notes: '',
        planningId,
        campaignId: Number(planning.campaignId),
        photos: [],
        problem: null,
        doneAt: null,
        createdAt: nowIso(),
      });
      created += 1;
      if (teamId !== null) perTeam.set(teamId, (perTeam.get(teamId) ?? 0) + 1);
    }
  }
  const names = await teamNames(db, [...perTeam.keys()]);
  return {
    created,
    teams: [...perTeam.entries()].map(([teamId, workOrders]) => ({ teamId, teamName: names.get(teamId) ?? '', workOrders })),
    withoutTeam: [...new Set(withoutTeam)],
  };
}

