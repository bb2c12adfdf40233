import type { Db } from '../db';
import { answeringConflictsAll } from '../db/conflicts';
import type { ServiceHandlers } from '../http';
import type { SeedOptions } from '../seed/options';
import * as advertiser from './advertiser';
import * as audit from './audit';
import * as campaign from './campaign';
import * as catalogue from './catalogue';
import * as circuits from './circuits';
import * as companies from './companies';
import * as creativity from './creativity';
import * as device from './device';
import * as estimate from './estimate';
import * as frame from './frame';
import * as geo from './geo';
import * as history from './history';
import * as mail from './mail';
import * as opportunity from './opportunity';
import * as order from './order';
import * as planner from './planner';
import * as product from './product';
import * as scheduler from './scheduler';
import * as share from './share';
import * as systems from './systems';
import * as user from './user';

export interface ServiceModule {
  handlers: ServiceHandlers;
  /** Loads the service's seed data (inside the seed transaction). */
  seed?: (db: Db, options: SeedOptions) => Promise<void>;
  /** Seed data that refers to services seeded later (run once every `seed` has run). */
  seedLate?: (db: Db, options: SeedOptions) => Promise<void>;
}

/** Every service module, in seed order: what later seeds refer to comes first. */
export const SERVICE_MODULES: Record<string, ServiceModule> = {
  user,
  companies,
  geo,
  mail,
  history,
  scheduler,
  systems,
  frame,
  device,
  circuits,
  catalogue,
  product,
  advertiser,
  opportunity,
  estimate,
  order,
  campaign,
  planner,
  creativity,
  audit,
  share,
};

/** Every service's handlers; a unique rule the database refuses answers 409 (sandbox/db/conflicts.ts). */
export const HANDLERS: Record<string, ServiceHandlers> = Object.fromEntries(
  Object.entries(SERVICE_MODULES).map(([name, mod]) => [name, answeringConflictsAll(mod.handlers)]),
);
