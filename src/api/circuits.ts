import type { components, paths } from './generated/circuits';
import { callOrThrow, lazyClient } from './http';

/** The circuits service: a typed openapi-fetch client. */
export const circuitsApi = lazyClient<paths>('circuits');

type S = components['schemas'];
export type Circuit = S['Circuit'];
export type CircuitType = S['CircuitType'];
export type CircuitAsset = S['CircuitAsset'];

export const CIRCUIT_TYPES: CircuitType[] = ['OOH', 'DOOH'];

/** GET /circuit/byType?type */
export const listCircuitsByType = (type: CircuitType) => callOrThrow(circuitsApi().GET('/circuit/byType', { params: { query: { type } } }));

/** GET /circuit/id?id&type */
export const getCircuit = (id: number, type: CircuitType) => callOrThrow(circuitsApi().GET('/circuit/id', { params: { query: { id, type } } }));

/** GET /circuit/byAssetId?assetId: the circuits a system belongs to. */
export const listCircuitsByAsset = (assetId: number) =>
  callOrThrow(circuitsApi().GET('/circuit/byAssetId', { params: { query: { assetId } } }));

/** GET /circuit/assetsByCircuitId?id&type: the member systems, as summaries. */
export const listCircuitAssets = (id: number, type: CircuitType) =>
  callOrThrow(circuitsApi().GET('/circuit/assetsByCircuitId', { params: { query: { id, type } } }));

export interface CircuitCreate {
  name: string;
  type: CircuitType;
  playlistId?: number;
  showId?: number;
  /** Member systems; absent = no body (the circuit starts empty). */
  assets?: number[];
}

/** POST /circuit/create?name&type&playlistId&showId, with the assets as the optional body. */
export function createCircuit({ name, type, playlistId, showId, assets }: CircuitCreate) {
  const query: paths['/circuit/create']['post']['parameters']['query'] = { name, type };
  if (playlistId) query.playlistId = playlistId;
  if (showId) query.showId = showId;
  return callOrThrow(circuitsApi().POST('/circuit/create', { params: { query }, ...(assets ? { body: { assets } } : {}) }));
}

/** PATCH /circuit/update?id&name&type; a body replaces the member list, without one it is kept. */
export function updateCircuit(id: number, type: CircuitType, changes: { name?: string; assets?: number[]; lockVersion?: number }) {
  const query: paths['/circuit/update']['patch']['parameters']['query'] = { id, type };
  if (changes.name) query.name = changes.name;
  // The body (the members, and the version they were read at) is sent only with the members: a rename alone has none.
  const version = changes.lockVersion === undefined ? {} : { lockVersion: changes.lockVersion };
  return callOrThrow(circuitsApi().PATCH('/circuit/update', { params: { query }, ...(changes.assets ? { body: { assets: changes.assets, ...version } } : {}) }));
}

/** DELETE /circuit/delete?id */
export const deleteCircuit = (id: number) => callOrThrow(circuitsApi().DELETE('/circuit/delete', { params: { query: { id } } }));
