import { combineDataProviders, type DataProvider } from 'react-admin';
import { withUserFacingErrors } from '@/api/failures';
import { withLockVersions } from './lockVersions';
import { withEarlyReads } from './earlyReads';
import { campaignsDataProvider, type CampaignsMethods } from './campaigns';
import { creativesDataProvider, type CreativesMethods } from './creatives';
import { ordersDataProvider, type OrdersMethods } from './orders';
import { planningsDataProvider, type PlanningsMethods } from './plannings';
import { agentsDataProvider } from './agents';
import { detectionsDataProvider, type DetectionsMethods } from './detections';
import { subItemsDataProvider } from './subItems';
import { usersDataProvider, type UsersMethods } from './users';
import { circuitsDataProvider, type CircuitsMethods } from './circuits';
import { devicesDataProvider, type DevicesMethods } from './devices';
import { framesDataProvider, type FramesMethods } from './frames';
import { systemsDataProvider, type SystemsMethods } from './systems';
import { teamsDataProvider, type TeamsMethods } from './teams';
import { permitsDataProvider, type PermitsMethods } from './permits';
import { advertisersDataProvider, type AdvertisersMethods } from './advertisers';
import { catalogsDataProvider } from './catalogs';
import { estimatesDataProvider, type EstimatesMethods } from './estimates';
import { opportunitiesDataProvider } from './opportunities';
import { opportunityNamesMethods, type OpportunityNamesMethods } from './opportunityNames';
import { productsDataProvider, type ProductsMethods } from './products';
import { sharesDataProvider, type SharesMethods } from './shares';
import { analyticsDataProvider, type AnalyticsMethods } from './analytics';
import { availabilityDataProvider, type AvailabilityMethods } from './availability';
import { mailsDataProvider, scheduledEventsDataProvider, sendsMethods, type SendsMethods } from './sends';
export type { SystemLookups, SystemBulkChange } from './systems';
export type { BulkConflict, BulkProgress, BulkRefusal, BulkResult } from './shared';
export type { FunnelItem } from './analytics';
export type { Authorization, Lease, PermitDocument, PermitResource } from './permits';
export type { AvailabilityFilter, AvailabilityPage, AvailabilityRow, AvailabilityCell, Blocker, HoldResult, Notification } from './availability';
export { isShareRefusal, type ShareRefusal } from './shares';
export { readEarly } from './earlyReads';

/**
 * react-admin resource name → the domain data provider that serves it. Each domain adds its
 * resources here (e.g. `systems: systemsDataProvider`), one entry per resource.
 */
export const DATA_PROVIDERS: Record<string, DataProvider> = {
  orders: ordersDataProvider,
  orderDocuments: ordersDataProvider,
  orderCampaigns: ordersDataProvider,
  campaigns: campaignsDataProvider,
  campaignMembers: campaignsDataProvider,
  campaignAttachments: campaignsDataProvider,
  plannings: planningsDataProvider,
  planningItems: planningsDataProvider,
  creatives: creativesDataProvider,
  users: usersDataProvider,
  opportunities: { ...opportunitiesDataProvider, ...opportunityNamesMethods } as DataProvider,
  advertisers: advertisersDataProvider,
  estimates: estimatesDataProvider,
  products: productsDataProvider,
  catalogs: catalogsDataProvider,
  shares: sharesDataProvider,
  detections: detectionsDataProvider,
  subItems: subItemsDataProvider,
  agents: agentsDataProvider,
  systems: systemsDataProvider,
  circuits: circuitsDataProvider,
  teams: teamsDataProvider,
  authorizations: permitsDataProvider,
  leases: permitsDataProvider,
  frames: framesDataProvider,
  workOrders: framesDataProvider,
  devices: devicesDataProvider,
  shows: devicesDataProvider,
  playlists: devicesDataProvider,
  playLogs: devicesDataProvider,
  analytics: analyticsDataProvider,
  scheduledEvents: scheduledEventsDataProvider,
  sends: sendsMethods,
  mails: mailsDataProvider,
  notifications: availabilityDataProvider,
  availability: availabilityDataProvider,
};

export class UnknownResourceError extends Error {
  constructor(resource: string) {
    super(`Nessun data provider registrato per la risorsa "${resource}"`);
    this.name = 'UnknownResourceError';
  }
}

export function dataProviderFor(
  resource: string,
  registry: Record<string, DataProvider> = DATA_PROVIDERS,
): DataProvider {
  const provider = Object.prototype.hasOwnProperty.call(registry, resource) ? registry[resource] : undefined;
  if (!provider) throw new UnknownResourceError(resource);
  return provider;
}

/**
 * The composite data provider given to <Admin>: routes each call to its resource's domain provider;
 * every failure reaches the screens as a userFacingError (clear message, field errors keyed by field);
 * every update sends the version of the record it read (./lockVersions.ts: no silent overwrites);
 * a list's first page may have been asked for before its screen rendered (./earlyReads.ts).
 */
export const dataProvider: AppDataProvider = withEarlyReads(
  withUserFacingErrors(withLockVersions(combineDataProviders((resource) => dataProviderFor(resource)) as AppDataProvider)),
);

/**
 * The data provider as screens see it: react-admin's contract plus every domain's typed custom
 * methods. A screen reaches a custom endpoint with
 * `const dataProvider = useDataProvider<AppDataProvider>()` inside react-query's `useQuery` /
 * `useMutation` (docs/SCREEN-SHAPE.md). Each domain adds its `…Methods` interface here.
 */
export type AppDataProvider = DataProvider & CampaignsMethods & SystemsMethods & EstimatesMethods & OrdersMethods & PlanningsMethods & CircuitsMethods & TeamsMethods & AdvertisersMethods & ProductsMethods & DetectionsMethods & UsersMethods & AnalyticsMethods & SharesMethods & CreativesMethods & DevicesMethods & SendsMethods & OpportunityNamesMethods & FramesMethods & AvailabilityMethods & PermitsMethods;
