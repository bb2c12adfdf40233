/**
 * Holds of the same face raced on a PostgreSQL server: `size` parallel `POST /planner/v1/reservations`
 * (no queue) for overlapping periods. A static face takes one of them, a screen of 6 slots six; every
 * other answer is a 409 that names the face and what fills it (the server decides under its lock).
 */
import { Client } from '../robustness/client';

export interface HoldRace {
  what: string;
  capacity: number;
  statuses: number[];
  /** What went wrong (empty when the race ended as it must). */
  problems: string[];
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function created(client: Client, path: string, body: unknown): Promise<number> {
  const o = await client.call(path, { method: 'POST', body });
  const id = (o.body as { id?: unknown } | undefined)?.id;
  if (o.status !== 201 && o.status !== 200) throw new Error(`${path}: ${o.status} ${o.error ?? JSON.stringify(o.body).slice(0, 300)}`);
  if (typeof id !== 'number') throw new Error(`${path}: no id in ${JSON.stringify(o.body).slice(0, 300)}`);
  return id;
}

/** A new system with one face: a static one, or a screen of a 60 s loop in 10 s slots. */
async function newFace(client: Client, run: string, screen: boolean): Promise<{ frameId: number; label: string }> {
  const type = screen ? 'DOOH' : 'OOH';
  const name = `race-${run}-${screen ? 'schermo' : 'poster'}`;
  const systemId = await created(client, `/systems/v1/system/create?type=${type}`, {
    name,
    type,
    systemType: screen ? 'totem' : 'poster',
    municipalityId: '015146',
    address: 'Via Torino 12',
    latitude: 45.4613,
    longitude: 9.1853,
  });
  const frame = screen
    ? { systemId, name: 'Schermo', position: 1, width: 120, height: 200, digital: true, loopSeconds: 60, slotSeconds: 10, status: 'active' }
    : { systemId, name: 'Faccia A', position: 1, width: 600, height: 300, digital: false, status: 'active' };
  return { frameId: await created(client, '/frame/v1/frames', frame), label: frame.name };
}

async function race(base: string, token: string, run: string, advertiserId: number, size: number, screen: boolean): Promise<HoldRace> {
  const setup = new Client(base, 1, token);
  const { frameId, label } = await newFace(setup, run, screen);
  setup.close();
  const capacity = screen ? 6 : 1;
  const client = new Client(base, size, token);
  // Every period shares days 23 to 40 from today with every other.
  const outcomes = await Promise.all(
    Array.from({ length: size }, (_, k) =>
      client.call('/planner/v1/reservations', {
        method: 'POST',
        body: { frameId, periodStart: day(20 + (k % 4)), periodEnd: day(40 + (k % 4)), advertiserId },
      }),
    ),
  );
  client.close();
  const statuses = outcomes.map((o) => o.status);
  const problems: string[] = [];
  const won = outcomes.filter((o) => o.status === 201);
  const held = won.map((o) => (o.body as { id: number }).id);
  if (won.length !== capacity) problems.push(`${won.length} holds made, ${capacity} expected`);
  for (const o of outcomes) {
    if (o.status === 201) continue;
    const body = (o.body ?? {}) as { message?: unknown; blockers?: Array<{ reservationId?: unknown }> };
    const named = (body.blockers ?? []).map((b) => b.reservationId as number);
    if (o.status !== 409) problems.push(`answered ${o.status} ${o.error ?? JSON.stringify(o.body).slice(0, 200)}`);
    else if (!String(body.message ?? '').includes(label) || named.length !== capacity || named.some((id) => !held.includes(id))) {
      problems.push(`a refusal that does not name the ${capacity} holds: ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
  return { what: screen ? `screen of 6 slots, ${size} holds` : `static face, ${size} holds`, capacity, statuses, problems: [...new Set(problems)] };
}

export async function holdRaces(base: string, token: string, run: string, advertiserId: number, size = 20): Promise<HoldRace[]> {
  return [await race(base, token, run, advertiserId, size, false), await race(base, token, run, advertiserId, size, true)];
}
