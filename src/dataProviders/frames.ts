import type { DataProvider } from 'react-admin';
import { FRAME_INPUT_FIELDS } from '@/api/frame';
import { droppingEmpty } from './shared';
import { simpleRestProvider } from './simpleRest';

/** `frames` over the frame service (ra-data-simple-rest dialect, with the session's bearer). */
export const framesDataProvider: DataProvider = droppingEmpty(
  simpleRestProvider('frame', { frames: { inputFields: FRAME_INPUT_FIELDS } }),
);
