import type { Location } from 'react-router-dom';

/**
 * The origin a redirect remembers. The shape is react-admin's own (`useLogin` and `useLogout`
 * read `nextPathname` and `nextSearch`), so both remember locations the same way.
 */
export interface OriginState {
  nextPathname: string;
  nextSearch: string;
}

const REDIRECT_PARAM = 'redirect';

export function originState(location: Pick<Location, 'pathname' | 'search'>): OriginState {
  return { nextPathname: location.pathname, nextSearch: location.search };
}

/** `/login?redirect=…` for a location, so that the origin also survives a reload of the login page. */
export function loginPathFor(location: Pick<Location, 'pathname' | 'search'>): string {
  return `/login?${REDIRECT_PARAM}=${encodeURIComponent(location.pathname + location.search)}`;
}

function isLocalPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
}

/** The remembered origin of a location: its state (react-admin's shape) or its `?redirect=`. */
export function rememberedLocation(location: Pick<Location, 'search' | 'state'>): string | null {
  const state = location.state as Partial<OriginState> | null | undefined;
  if (state && isLocalPath(state.nextPathname)) return state.nextPathname + (state.nextSearch ?? '');
  const param = new URLSearchParams(location.search).get(REDIRECT_PARAM);
  return isLocalPath(param) ? param : null;
}
