/** Business constants and limits, written once and imported everywhere. */

export const ENVIRONMENTS = ['dev', 'stage', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const DEFAULT_ENVIRONMENT: Environment = 'prod';
/** The environment marker shown in the app bar. */
export const STAGE_MARKER = 'stage';
export const API_VERSION = 'v1';
export const HISTORY_SUFFIX = '/history';

/** Fixed maps map id. */
export const MAPS_MAP_ID = 'ooh-systems-map';

export const OPPORTUNITY_LIST_DEFAULTS = { page: 0, perPage: 10, sort: 'DESC' } as const;

export const SYSTEM_PAGE_SIZE = 10;
/** The systems list's order when neither the address nor the store names one (src/firstReads.ts reads it too). */
export const SYSTEM_LIST_SORT = { field: 'code', order: 'ASC' } as const;
export const SYSTEM_SUGGESTION_DEFAULTS = {
  page: 0,
  size: 20,
  sortBy: 'relevance',
  sortDir: 'DESC',
  type: 'ALL',
} as const;
export const SYSTEM_FILTERED_SEARCH = { page: 0, size: 9999 } as const;
export const MAP_BOUNDS_BIAS = 0.01;

export const ESTIMATE_LIST_DEFAULTS = { page: 0, perPage: 9999, sort: 'ASC', sortValue: 'name' } as const;
export const ADVERTISER_LIST_DEFAULTS = { page: 0, perPage: 10 } as const;
export const TEAM_SORT_ORDER_DEFAULT = 'ASC';

export const LAZY_PAGE_MIN_DELAY_MS = 100;
export const DOWNLOAD_URL_REVOKE_MS = 40_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const CLASSIC_PRIMARY_COLOR = '#0a3f8a';
export const THEMES = ['classic', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'classic';

export const LOADING_ANIMATION_WIDTH = { fullScreen: 200, simple: 150 } as const;

export const DEFAULT_GROUP = 'administrators';
export const DEFAULT_ROLE = 'ROLE_ADMIN';

/** The header carrying the signed-in username on JSON calls. */
export const USERNAME_HEADER = 'username';
export const FORCED_LOGOUT_URL = '/logout?error=wronguser';
export const WRONG_CREDENTIALS_LOG = 'User or password wrong';

/** The fixed basic client authorization of POST /oauth/token, `client:secret` before Base64. */
export const OAUTH_CLIENT_AUTHORIZATION = 'backoffice:backoffice-secret';
