import { hasCompleteCredentials, isGuest } from '@/auth/session';

/*
 * The share service's rule sends a refused share call (401) to /404, after a full reload that clears the session (the
 * guest marker with it). The /404 page still has to know it speaks to a client who opened a link,
 * not to staff: the viewer notes the visit in this tab's sessionStorage, which the reload keeps and
 * a mailed link opened in a new tab starts without.
 */
const KEY = 'sharedLinkVisit';

/** The viewer calls it before its first call: this tab is a shared link's visitor. */
export function rememberLinkVisit(path: string): void {
  try {
    window.sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode quotas): the /404 page falls back to the staff version.
  }
}

/** Whether this tab belongs to a link's visitor: it opened a shared link and holds no staff session. */
export function isLinkVisitor(): boolean {
  let visited: string | null = null;
  try {
    visited = window.sessionStorage.getItem(KEY);
  } catch {
    return false;
  }
  return visited !== null && (isGuest() || !hasCompleteCredentials());
}
