import type { Db } from '../../db';
import { HttpError } from '../../http';
import { requireReferences, simpleRestHandlers, type RecordData } from '../../store';
import type { SeedOptions } from '../../seed/options';
import { allSystems } from '../../shared/systems';
import { workOrderHandlers } from './workOrders';
import { canoneHandlers, seedCanoneRates, surfaceOf } from './canone';

/** The frame service: the faces and slots of the systems, in the ra-data-simple-rest shape. */

const FRAMES = 'frames';

async function checkFrame(db: Db, data: RecordData, pathId?: number): Promise<RecordData> {
  if (pathId !== undefined && data.id !== undefined && Number(data.id) !== pathId) {
    throw new HttpError(400, `L'id del corpo (${String(data.id)}) non corrisponde a quello del percorso (${pathId})`);
  }
  await requireReferences(db, data, [{ field: 'systemId', table: 'systems', label: 'impianto' }]);
  const systemId = Number(data.systemId);
  const { rows } = await db.query(
    "SELECT id FROM records WHERE collection = $1 AND data->>'systemId' = $2 AND (data->>'position')::int = $3 AND id <> $4 LIMIT 1",
    [FRAMES, String(systemId), Number(data.position), pathId ?? 0],
  );
  if (rows[0]) throw new HttpError(409, `L'impianto ${systemId} ha già un frame in posizione ${String(data.position)}`);
  const { id: _id, slots: _slots, ...rest } = data;
  const digital = data.digital === true;
  if (digital) {
    const missing = (['loopSeconds', 'slotSeconds'] as const).filter((f) => data[f] === undefined);
    if (missing.length) {
      throw new HttpError(400, 'Uno schermo ha un loop diviso in slot', {
        errors: missing.map((f) => ({ path: `/body/${f}`, message: 'obbligatorio per uno schermo' })),
      });
    }
    if (Number(data.loopSeconds) % Number(data.slotSeconds) !== 0) {
      throw new HttpError(400, 'Il loop deve contenere un numero intero di slot', {
        errors: [{ path: '/body/slotSeconds', message: `${String(data.slotSeconds)} s non divide il loop di ${String(data.loopSeconds)} s` }],
      });
    }
  } else {
    const extra = (['loopSeconds', 'slotSeconds'] as const).filter((f) => data[f] !== undefined);
    if (extra.length) {
      throw new HttpError(400, 'Una faccia statica non ha loop né slot', {
        errors: extra.map((f) => ({ path: `/body/${f}`, message: 'solo per uno schermo' })),
      });
    }
  }
  return {
    digital: false,
    status: 'initialized',
    excludedBusinessAreas: [],
    lit: false,
    ...rest,
    // The net surface (canone unico) as entered, else the face's width × height.
    netSurface: typeof data.netSurface === 'number' ? data.netSurface : surfaceOf(Number(data.width), Number(data.height)),
    slots: digital ? Number(data.loopSeconds) / Number(data.slotSeconds) : 1,
    name: String(data.name).trim(),
  };
}

const frameHandlers = simpleRestHandlers(
  { list: 'listFrames', get: 'getFrame', create: 'createFrame', update: 'updateFrame', remove: 'deleteFrame' },
  {
    resource: 'frames',
    label: 'Frame',
    noun: 'frame',
    beforeWrite: (ctx, data, existing) => checkFrame(ctx.db, data, existing?.id),
  },
);

/** The frame service: the faces, and the field operations on them. */
export const handlers = { ...frameHandlers, ...workOrderHandlers, ...canoneHandlers };

const FACE_NAMES = ['Faccia A', 'Faccia B', 'Faccia C', 'Faccia D'];

export async function seed(db: Db, { rng }: SeedOptions): Promise<void> {
  const systems = await allSystems(db);
  const values: string[] = [];
  const params: unknown[] = [FRAMES];
  const flush = async () => {
    if (!values.length) return;
    await db.query(`INSERT INTO records (collection, data) VALUES ${values.join(',')}`, params);
    values.length = 0;
    params.length = 1;
  };
  for (const system of systems) {
    const digital = system.type === 'DOOH';
    const [width, height] = digital ? rng.pick([[120, 200], [300, 200], [600, 300]]) : rng.pick([[600, 300], [400, 300], [300, 200], [100, 140]]);
    for (let position = 1; position <= (digital ? 1 : system.faces); position++) {
      params.push(JSON.stringify({
        systemId: system.id,
        name: digital ? 'Schermo' : FACE_NAMES[position - 1],
        position,
        width,
        height,
        digital,
        ...(digital ? { loopSeconds: 60, slotSeconds: 10, slots: 6 } : { slots: 1 }),
        excludedBusinessAreas: !digital && rng.chance(0.03) ? ['Giochi e scommesse'] : [],
        netSurface: surfaceOf(width, height),
        // Screens shine; a first face of every third system is lit (no draw, so the seed's sequence stays).
        lit: digital || (position === 1 && system.id % 3 === 0),
        status: rng.chance(0.9) ? 'active' : rng.pick(['initialized', 'maintenance']),
      }));
      values.push(`($1, $${params.length}::jsonb)`);
      if (values.length >= 1000) await flush();
    }
  }
  await flush();
  await seedCanoneRates(db);
}
