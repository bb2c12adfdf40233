import type { Db } from '../db';
import { answeringConflictsAll } from '../db/conflicts';
import type { OperationHandlers, ServiceHandlers } from '../http';
import type { SeedOptions } from '../seed/options';
import type { operations as AdvertiserOperations } from '../../src/api/generated/advertiser';
import type { operations as AuditOperations } from '../../src/api/generated/audit';
import type { operations as CampaignOperations } from '../../src/api/generated/campaign';
import type { operations as CatalogueOperations } from '../../src/api/generated/catalogue';
import type { operations as CircuitsOperations } from '../../src/api/generated/circuits';
import type { operations as CompaniesOperations } from '../../src/api/generated/companies';
import type { operations as CreativityOperations } from '../../src/api/generated/creativity';
import type { operations as DeviceOperations } from '../../src/api/generated/device';
import type { operations as EstimateOperations } from '../../src/api/generated/estimate';
import type { operations as FrameOperations } from '../../src/api/generated/frame';
import type { operations as GeoOperations } from '../../src/api/generated/geo';
import type { operations as HistoryOperations } from '../../src/api/generated/history';
import type { operations as MailOperations } from '../../src/api/generated/mail';
import type { operations as OpportunityOperations } from '../../src/api/generated/opportunity';
import type { operations as OrderOperations } from '../../src/api/generated/order';
import type { operations as PlannerOperations } from '../../src/api/generated/planner';
import type { operations as ProductOperations } from '../../src/api/generated/product';
import type { operations as SchedulerOperations } from '../../src/api/generated/scheduler';
import type { operations as ShareOperations } from '../../src/api/generated/share';
import type { operations as SystemsOperations } from '../../src/api/generated/systems';
import type { operations as UserOperations } from '../../src/api/generated/user';
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

/** Each service's generated `operations`, by service name. */
interface ServiceOperations {
  advertiser: AdvertiserOperations;
  audit: AuditOperations;
  campaign: CampaignOperations;
  catalogue: CatalogueOperations;
  circuits: CircuitsOperations;
  companies: CompaniesOperations;
  creativity: CreativityOperations;
  device: DeviceOperations;
  estimate: EstimateOperations;
  frame: FrameOperations;
  geo: GeoOperations;
  history: HistoryOperations;
  mail: MailOperations;
  opportunity: OpportunityOperations;
  order: OrderOperations;
  planner: PlannerOperations;
  product: ProductOperations;
  scheduler: SchedulerOperations;
  share: ShareOperations;
  systems: SystemsOperations;
  user: UserOperations;
}

export interface ServiceModule<Operations = Record<string, unknown>> {
  /** One handler for every operation of the service's document: a missing one fails the typecheck. */
  handlers: OperationHandlers<Operations>;
  /** Loads the service's seed data (inside the seed transaction). */
  seed?: (db: Db, options: SeedOptions) => Promise<void>;
  /** Seed data that refers to services seeded later (run once every `seed` has run). */
  seedLate?: (db: Db, options: SeedOptions) => Promise<void>;
}

/** Every service module, in seed order: what later seeds refer to comes first. */
export const SERVICE_MODULES: { [S in keyof ServiceOperations]: ServiceModule<ServiceOperations[S]> } = {
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
  Object.entries(SERVICE_MODULES).map(([name, mod]): [string, ServiceHandlers] => [name, answeringConflictsAll(mod.handlers)]),
);
