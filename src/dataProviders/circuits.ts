import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import { ApiError } from '@/api/http';
import {
  CIRCUIT_TYPES,
  createCircuit,
  deleteCircuit,
  getCircuit,
  listCircuitAssets,
  listCircuitsByAsset,
  listCircuitsByType,
  updateCircuit,
  type Circuit,
  type CircuitAsset,
  type CircuitType,
} from '@/api/circuits';
import { runBulk, toList, toMany, toOne, type BulkProgress, type BulkResult } from './shared';

/*
 * `circuits` over the circuits service. The service answers whole lists (by type, by asset), so
 * paging, sorting and the name search happen here on the answered list. A circuit is named by its
 * id and its type: getOne/update/delete take the type from `meta.type` or `previousData.type`.
 */

const isType = (value: unknown): value is CircuitType => (CIRCUIT_TYPES as unknown[]).includes(value);

/** The list call for a filter: `assetId` → by asset; otherwise by `type` (OOH when absent). */
export function circuitListCall(
  filter: Record<string, unknown> = {},
): { by: 'asset'; assetId: number } | { by: 'type'; type: CircuitType } {
  if (filter.assetId !== undefined && filter.assetId !== '')
    return { by: 'asset', assetId: Number(filter.assetId) };
  return { by: 'type', type: isType(filter.type) ? filter.type : 'OOH' };
}

/** Name search, sort and page of an answered list, as react-admin asked. */
export function pageOf<T extends object>(
  rows: T[],
  params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>,
) {
  const q = typeof params.filter?.q === 'string' ? params.filter.q.trim().toLowerCase() : '';
  let out = q
    ? rows.filter((r) =>
        String(Reflect.get(r, 'name') ?? '')
          .toLowerCase()
          .includes(q),
      )
    : [...rows];
  const field = params.sort?.field;
  if (field) {
    const dir = params.sort?.order === 'DESC' ? -1 : 1;
    const value = (r: T): unknown => {
      const v: unknown = Reflect.get(r, field);
      return field === 'assets' ? (Array.isArray(v) ? v.length : 0) : v;
    };
    out.sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
      return String(x ?? '').localeCompare(String(y ?? ''), 'it') * dir;
    });
  }
  const total = out.length;
  if (params.pagination) {
    const { page, perPage } = params.pagination;
    out = out.slice((page - 1) * perPage, page * perPage);
  }
  return { data: out, total };
}

function typeOf(params: {
  meta?: { type?: unknown };
  previousData?: { type?: unknown };
  data?: { type?: unknown };
}): CircuitType | undefined {
  for (const candidate of [params.meta?.type, params.data?.type, params.previousData?.type])
    if (isType(candidate)) return candidate;
  return undefined;
}

/** Without a type the circuit is looked for among the OOH ones, then the DOOH ones. */
async function findCircuit(id: number, type?: CircuitType): Promise<Circuit> {
  if (type) return getCircuit(id, type);
  for (const t of CIRCUIT_TYPES) {
    try {
      return await getCircuit(id, t);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  throw new ApiError(404, `Circuito ${id} non trovato`);
}

const optionalId = (value: unknown): number | undefined =>
  value === undefined || value === null || value === '' ? undefined : Number(value);

/** The member list of a form's data (ids, whatever shape the picker keeps them in). */
export function assetIdsOf(value: unknown): number[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return [
    ...new Set(
      value.map((v) => (typeof v === 'object' && v !== null ? Number((v as { id: unknown }).id) : Number(v))),
    ),
  ].filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * Many systems into a circuit. The service replaces the member list whole and refuses it whole
 * (a system of the other type, a missing one): one update with every new member, and only when
 * it is refused, one update per system, so that each refusal carries its own reason and the
 * accepted ones stay.
 */
async function addSystemsToCircuit(
  id: number,
  type: CircuitType,
  systemIds: number[],
  onProgress?: BulkProgress,
): Promise<BulkResult> {
  const circuit = await getCircuit(id, type);
  const members = new Set(circuit.assets);
  const wanted = [...new Set(systemIds.map(Number))];
  const unchanged = wanted.filter((s) => members.has(s));
  const adding = wanted.filter((s) => !members.has(s));
  if (!adding.length) return { changed: [], refused: [], unchanged };
  try {
    await updateCircuit(id, type, { assets: [...circuit.assets, ...adding] });
    onProgress?.(adding.length, adding.length);
    return { changed: adding, refused: [], unchanged };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
  }
  let current = circuit.assets;
  // One at a time: each update carries the members the previous one kept.
  const { changed, refused } = await runBulk(
    adding,
    async (systemId) => {
      current = (await updateCircuit(id, type, { assets: [...current, systemId] })).assets;
    },
    (systemId) => ({ id: systemId }),
    onProgress,
    1,
  );
  return { changed, refused, unchanged };
}

/**
 * One system out of a circuit: the member list is read fresh and written back without it (the
 * service replaces the list whole), so that a member added meanwhile by someone else stays.
 */
async function removeSystemFromCircuit(id: number, type: CircuitType, systemId: number): Promise<Circuit> {
  const circuit = await getCircuit(id, type);
  if (!circuit.assets.includes(systemId)) return circuit;
  return updateCircuit(id, type, { assets: circuit.assets.filter((a) => a !== systemId) });
}

/** The circuits service's custom methods, reached with `useDataProvider<AppDataProvider>()`. */
export interface CircuitsMethods {
  /** The member systems of a circuit, as summaries (code, name, type, municipality, status). */
  getCircuitAssets(resource: 'circuits', params: { id: Identifier; type: CircuitType }): Promise<CircuitAsset[]>;
  /** The circuits a system belongs to. */
  getCircuitsByAsset(resource: 'circuits', params: { assetId: Identifier }): Promise<Circuit[]>;
  /** Many systems into a circuit: what was added, what was refused (with the reason), what was there already. */
  addSystemsToCircuit(
    resource: 'circuits',
    params: { id: Identifier; type: CircuitType; systemIds: number[]; onProgress?: BulkProgress },
  ): Promise<BulkResult>;
  /** One system out of a circuit; the circuit as it is afterwards. */
  removeSystemFromCircuit(
    resource: 'circuits',
    params: { id: Identifier; type: CircuitType; systemId: number },
  ): Promise<Circuit>;
}

export const circuitsDataProvider: DataProvider & CircuitsMethods = {
  async getList(_resource, params) {
    const call = circuitListCall(params.filter);
    const rows =
      call.by === 'asset' ? await listCircuitsByAsset(call.assetId) : await listCircuitsByType(call.type);
    return toList(pageOf(rows, params));
  },
  async getOne(_resource, params) {
    return toOne(await findCircuit(Number(params.id), typeOf(params)));
  },
  async getMany(_resource, params) {
    const wanted = new Set(params.ids.map(Number));
    const lists = await Promise.all(CIRCUIT_TYPES.map((t) => listCircuitsByType(t)));
    return toMany(lists.flat().filter((c) => wanted.has(c.id)));
  },
  async getManyReference(_resource, params) {
    if (params.target !== 'assetId')
      throw new ApiError(400, `I circuiti non si elencano per ${params.target}`);
    const rows = await listCircuitsByAsset(Number(params.id));
    return toList(pageOf(rows, params));
  },
  async create(_resource, params) {
    const data = params.data as Record<string, unknown>;
    const type = typeOf(params);
    if (!type) throw new ApiError(400, 'Il tipo del circuito (OOH o DOOH) è obbligatorio');
    const created = await createCircuit({
      name: String(data.name ?? '').trim(),
      type,
      playlistId: optionalId(data.playlistId),
      showId: optionalId(data.showId),
      assets: assetIdsOf(data.assets),
    });
    return toOne(created);
  },
  async update(_resource, params) {
    const data = params.data as Record<string, unknown>;
    const type = typeOf(params);
    if (!type) throw new ApiError(400, 'Il tipo del circuito (OOH o DOOH) è obbligatorio');
    const name = typeof data.name === 'string' && data.name.trim() ? data.name.trim() : undefined;
    const lockVersion = typeof data.lockVersion === 'number' ? data.lockVersion : undefined;
    const updated = await updateCircuit(Number(params.id), type, { name, assets: assetIdsOf(data.assets), lockVersion });
    return toOne(updated);
  },
  async updateMany() {
    throw new ApiError(400, 'I circuiti si modificano uno alla volta');
  },
  async delete(_resource, params) {
    return toOne(await deleteCircuit(Number(params.id)));
  },
  async deleteMany(_resource, params) {
    const done: Identifier[] = [];
    for (const id of params.ids) {
      await deleteCircuit(Number(id));
      done.push(id);
    }
    return { data: done };
  },
  getCircuitAssets: (_r, { id, type }) => listCircuitAssets(Number(id), type),
  getCircuitsByAsset: (_r, { assetId }) => listCircuitsByAsset(Number(assetId)),
  addSystemsToCircuit: (_r, { id, type, systemIds, onProgress }) => addSystemsToCircuit(Number(id), type, systemIds, onProgress),
  removeSystemFromCircuit: (_r, { id, type, systemId }) => removeSystemFromCircuit(Number(id), type, Number(systemId)),
};

export type { Circuit, CircuitAsset, CircuitType };
