import { canOpen } from '@/auth/permissions';
import { isSignedIn } from '@/auth/authProvider';
import { getRole } from '@/auth/session';
import { runtimeConfigReady } from '@/config/environment';
import { SYSTEM_LIST_SORT, SYSTEM_PAGE_SIZE } from '@/config/constants';
import type { EarlyMethod } from '@/dataProviders/earlyReads';
import { readState } from '@/resources/availability/filters';

/**
 * The first read of a list screen, asked for before the screen renders (src/dataProviders/
 * earlyReads.ts): the same method, resource and parameters the screen asks for, or nothing when
 * they can't be known before it renders.
 */
export interface FirstRead {
  method: EarlyMethod;
  resource: string;
  params: object;
}

/** react-admin keeps a list's last sort, page and filters in its store (localStorage) under this key. */
const storedListParams = (resource: string) => window.localStorage.getItem(`RaStore.${resource}.listParams`);

/** The systems list's first page: known when neither the address nor the store holds its sort or filters. */
function systemsFirstPage(search: string): FirstRead | undefined {
  if (search || storedListParams('systems') !== null) return undefined;
  return {
    method: 'getList',
    resource: 'systems',
    params: {
      pagination: { page: 1, perPage: SYSTEM_PAGE_SIZE },
      sort: { ...SYSTEM_LIST_SORT },
      filter: {},
      meta: undefined,
    },
  };
}

/** The availability screen's page: its state is all in the address. */
function availabilityPage(search: string): FirstRead {
  const { filter, page, perPage } = readState(new URLSearchParams(search));
  return { method: 'getAvailability', resource: 'availability', params: { filter, page, perPage } };
}

/** The screens whose first read is asked for early, by path. */
const FIRST_READS: Record<string, (search: string) => FirstRead | undefined> = {
  '/': systemsFirstPage,
  '/systems-manage/manage': systemsFirstPage,
  '/availability': availabilityPage,
};

/**
 * Asks for the first read of the screen at `pathname` (with the address's `search`) when the
 * signed-in role may open it, once the configuration is read and the data providers' code has
 * arrived. A full load calls it beside the back office's code; a move, as the router
 * starts it (App.tsx), before React renders the screen.
 * Settles once the read is asked for (or when there is none to ask).
 */
export async function readFirstPage(pathname: string, search: string): Promise<void> {
  const firstRead = FIRST_READS[pathname];
  if (!firstRead || !isSignedIn() || !canOpen(getRole(), pathname)) return;
  const read = firstRead(search);
  if (!read) return;
  await Promise.all([runtimeConfigReady, import('@/dataProviders')]).then(([, { dataProvider, readEarly }]) =>
    readEarly(dataProvider, read.method, read.resource, read.params),
  );
}

/** What readFirstPagesOnMoves needs of a data router: its state and its updates. */
interface MovingRouter {
  state: { location: RouterLocation };
  subscribe(
    listener: (state: { location: RouterLocation; navigation: { location?: RouterLocation } }) => void,
  ): () => void;
}
/** The parts of a router location read here (not the DOM's `Location`). */
type RouterLocation = { key: string; pathname: string; search: string };

/**
 * Asks for the first read of every screen the router moves to, as the move starts: the router tells
 * its subscribers before React renders the new screen, so the rows are on their way while it renders
 * (a menu's click used to ask only once the menu had closed and the screen's route had rendered).
 * Once per visit (a location's key). Returns the unsubscribe.
 */
export function readFirstPagesOnMoves(router: MovingRouter, read = readFirstPage): () => void {
  let asked = router.state.location.key;
  return router.subscribe((state) => {
    const to = state.navigation.location ?? state.location;
    if (to.key === asked) return;
    asked = to.key;
    void read(to.pathname, to.search);
  });
}
