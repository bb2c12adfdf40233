import { ADDRESS_FORMS, SERVICES, type Service } from './services';
import { parseCompanyIdentity, type CompanyIdentity } from './company';
import { API_VERSION, DEFAULT_ENVIRONMENT, ENVIRONMENTS, HISTORY_SUFFIX, MAPS_MAP_ID, SYSTEM_FILTERED_SEARCH, type Environment } from './constants';

/**
 * The runtime configuration, read from `/config.json` when the app starts, so that one build
 * serves every environment. Hosts are per environment and per service.
 */
export interface RuntimeConfig {
  /** dev, stage or prod; default prod. Any other value is an unknown environment. */
  environment?: string;
  hosts: Partial<Record<Environment, Partial<Record<Service, string>>>>;
  /** Path prefix of the companies service (`{host}/{companyPrefix}/v1`). */
  companyPrefix?: string;
  /** Host used for the opportunity service when none is configured. */
  opportunityFallbackHost?: string;
  mapsId?: string;
  /** Map tile URL template; empty or missing = no tiles (markers and clusters still render). */
  tileUrl?: string;
  /** The seller (name, logo, VAT number, address, contacts, offer terms): see `company.ts`. */
  company?: CompanyIdentity;
  /**
   * Rows per request of the systems' filtered search, at most (and by default) 9,999; a test stack
   * sets a small number to exercise lists, exports and selections longer than one request.
   */
  searchPageLimit?: number;
  /**
   * Whether the back office loads every screen of the user's menu while the browser is idle, after
   * the first screen (default true): a move then waits only for its rows.
   */
  preloadScreens?: boolean;
}

const DEFAULT_COMPANY_PREFIX = 'company';
export const DEFAULT_OPPORTUNITY_FALLBACK_HOST = 'http://127.0.0.1:8787/opportunity';

function isKnownEnvironment(env: string | undefined): env is Environment {
  return (ENVIRONMENTS as readonly string[]).includes(env ?? '');
}

export function currentEnvironment(config: RuntimeConfig): string {
  return config.environment ?? DEFAULT_ENVIRONMENT;
}

function trimSlash(host: string): string {
  return host.replace(/\/+$/, '');
}

/**
 * The base address of a service in the configured environment.
 * An unknown environment yields no base ('') for most services and an undefined base for share
 * and scheduler; the opportunity service falls back to its fallback host when none is configured.
 */
export function serviceBase(service: Service, config: RuntimeConfig): string | undefined {
  const env = currentEnvironment(config);
  const configured = isKnownEnvironment(env) ? config.hosts[env]?.[service] : undefined;
  let host = configured;
  if (!host && service === 'opportunity') {
    host = config.opportunityFallbackHost ?? DEFAULT_OPPORTUNITY_FALLBACK_HOST;
  }
  if (!host) {
    return service === 'share' || service === 'scheduler' ? undefined : '';
  }
  const h = trimSlash(host);
  switch (ADDRESS_FORMS[service]) {
    case 'versioned':
      return `${h}/${API_VERSION}`;
    case 'company':
      return `${h}/${config.companyPrefix ?? DEFAULT_COMPANY_PREFIX}/${API_VERSION}`;
    case 'versionedSlash':
      return `${h}/${API_VERSION}/`;
    case 'unversioned':
      return h;
    case 'catalogue':
      return `${h}/estimate/catalog`;
    case 'estimate':
      return `${h}/estimate/`;
    case 'advertiser':
      return `${h}/${API_VERSION}/`;
    case 'history':
      return `${h}/${API_VERSION}${HISTORY_SUFFIX}`;
  }
}

/** Every service's sandbox host: `http://127.0.0.1:8787/<service>` (docs/ARCHITECTURE.md). */
export function sandboxHosts(origin = 'http://127.0.0.1:8787'): Record<Service, string> {
  return Object.fromEntries(SERVICES.map((s) => [s, `${trimSlash(origin)}/${s}`])) as Record<Service, string>;
}

let runtimeConfig: RuntimeConfig = { environment: DEFAULT_ENVIRONMENT, hosts: {} };
let configured: () => void = () => undefined;
/** Settles once a configuration is set (read from `/config.json` at start-up, or set by a test). */
export const runtimeConfigReady = new Promise<void>((resolve) => {
  configured = resolve;
});

export function getRuntimeConfig(): RuntimeConfig {
  return runtimeConfig;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  runtimeConfig = config;
  configured();
}

/** The rows per request of the systems' filtered search: the configured number within 1..9,999, else 9,999. */
export function searchPageLimit(config: RuntimeConfig = runtimeConfig): number {
  const n = Math.floor(Number(config.searchPageLimit));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, SYSTEM_FILTERED_SEARCH.size) : SYSTEM_FILTERED_SEARCH.size;
}

/** The maps map id: the configured one, else the fixed one. */
export function mapsId(config: RuntimeConfig = runtimeConfig): string {
  return config.mapsId ?? MAPS_MAP_ID;
}

/**
 * Reads `/config.json` (next to index.html). A missing or broken file leaves the defaults.
 * `no-cache`: the file is checked with the server every time, and the copy index.html's preload
 * link asked for with the page is the one used.
 */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Configurazione non disponibile (${response.status})`);
  const config = (await response.json()) as RuntimeConfig;
  if (!config || typeof config !== 'object' || typeof config.hosts !== 'object') {
    throw new Error('Configurazione non valida: manca "hosts"');
  }
  if (config.company !== undefined) config.company = parseCompanyIdentity(config.company);
  setRuntimeConfig(config);
  return config;
}
