import type { Rng } from './random';

/** What every service's seed is given: the size of the data set and a deterministic random source. */
export interface SeedOptions {
  size: 'small' | 'large';
  rng: Rng;
}
