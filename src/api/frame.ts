import type { components, paths } from './generated/frame';
import { lazyClient } from './http';

/** The frame service (spec §7): a typed openapi-fetch client. */
export const frameApi = lazyClient<paths>('frame');

export type Frame = components['schemas']['Frame'];
export type FrameInput = components['schemas']['FrameInput'];
export type FrameStatus = components['schemas']['FrameStatus'];

export const FRAME_STATUSES: FrameStatus[] = ['initialized', 'active', 'maintenance', 'removed'];
/** The fields FrameInput accepts (create and full update). */
export const FRAME_INPUT_FIELDS = ['id', 'systemId', 'name', 'position', 'width', 'height', 'digital', 'status'] as const;
