import type { components, paths } from './generated/frame';
import { callOrThrow, lazyClient } from './http';

/** The frame service: a typed openapi-fetch client. */
export const frameApi = lazyClient<paths>('frame');

export type Frame = components['schemas']['Frame'];
export type FrameInput = components['schemas']['FrameInput'];
export type FrameStatus = components['schemas']['FrameStatus'];

export const FRAME_STATUSES: FrameStatus[] = ['initialized', 'active', 'maintenance', 'removed'];

/** The faces of these systems (at most 500 systems a request), by system and position. */
export async function facesOfSystems(systemIds: number[]): Promise<Frame[]> {
  const out: Frame[] = [];
  for (let i = 0; i < systemIds.length; i += 500) {
    const systemId = systemIds.slice(i, i + 500);
    out.push(...(await callOrThrow(frameApi().GET('/frames', { params: { query: { filter: JSON.stringify({ systemId }), sort: JSON.stringify(['position', 'ASC']) } } }))));
  }
  return out;
}
