import type { DataProvider } from 'react-admin';
import type { FrameInput } from '@/api/frame';
import { createFrameBody } from '@/api/generated/frame.zod';
import { inputOf } from './shared';
import { simpleRestProvider } from './simpleRest';

/** What a create or a full update sends: FrameInput's fields, empty optional ones left out. */
export const frameInputOf = inputOf<FrameInput>(createFrameBody, {
  systemId: 'form',
  name: 'form',
  position: 'form',
  width: 'form',
  height: 'form',
  digital: 'form',
  loopSeconds: 'form',
  slotSeconds: 'form',
  excludedBusinessAreas: 'form',
  status: 'form',
});

/** `frames` over the frame service (ra-data-simple-rest dialect, with the session's bearer). */
export const framesDataProvider: DataProvider = simpleRestProvider('frame', { frames: { toInput: frameInputOf } });
