/** The 21 domain services, spelled as their addresses spell them (kept in step with scripts/services.mjs). */
export const SERVICES = [
  'systems',
  'companies',
  'geo',
  'audit',
  'mail',
  'user',
  'creativity',
  'campaign',
  'planner',
  'catalogue',
  'product',
  'estimate',
  'circuits',
  'share',
  'order',
  'frame',
  'opportunity',
  'advertiser',
  'device',
  'scheduler',
  'history',
] as const;

export type Service = (typeof SERVICES)[number];

/** The address forms of the services. */
export type AddressForm =
  | 'versioned'
  | 'company'
  | 'versionedSlash'
  | 'unversioned'
  | 'catalogue'
  | 'estimate'
  | 'advertiser'
  | 'history';

export const ADDRESS_FORMS: Record<Service, AddressForm> = {
  systems: 'versioned',
  geo: 'versioned',
  audit: 'versioned',
  mail: 'versioned',
  creativity: 'versioned',
  circuits: 'versioned',
  frame: 'versioned',
  device: 'versioned',
  companies: 'company',
  campaign: 'versionedSlash',
  planner: 'versionedSlash',
  share: 'versionedSlash',
  scheduler: 'versionedSlash',
  user: 'unversioned',
  product: 'unversioned',
  order: 'unversioned',
  opportunity: 'unversioned',
  catalogue: 'catalogue',
  estimate: 'estimate',
  advertiser: 'advertiser',
  history: 'history',
};
