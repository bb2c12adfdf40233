import type { components, paths } from './generated/frame';
import { lazyClient } from './http';

/** The frame service: a typed openapi-fetch client. */
export const frameApi = lazyClient<paths>('frame');

export type Frame = components['schemas']['Frame'];
export type FrameInput = components['schemas']['FrameInput'];
export type FrameStatus = components['schemas']['FrameStatus'];

export const FRAME_STATUSES: FrameStatus[] = ['initialized', 'active', 'maintenance', 'removed'];
