export { SystemFrames } from './SystemFrames';
