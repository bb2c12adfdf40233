import { useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { useMessages } from '@/i18n/lookup';

/*
 * The guard of custom forms (see unsavedChanges.tsx for the whole mechanism), on its own without
 * react-admin, so that the public pages (signup) use it without loading the back office.
 */

export const UNSAVED_CHANGES_MESSAGE = 'ra.message.unsaved_changes';

/** Asks whether to drop the unsaved changes; true to go on. */
export function useConfirmDiscard(): () => boolean {
  const translate = useMessages();
  return useCallback(() => window.confirm(translate(UNSAVED_CHANGES_MESSAGE)), [translate]);
}

/** Blocks in-app navigation to another path while `shouldBlock()`, asking first. */
function NavigationBlocker({ shouldBlock }: { shouldBlock: () => boolean }) {
  const confirm = useConfirmDiscard();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && shouldBlock(),
  );
  // As react-router's usePrompt: every blocked navigation is a new blocker object; going on is
  // deferred to after the confirmation has closed.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (!shouldBlock() || confirm()) {
      const proceed = blocker.proceed;
      setTimeout(() => proceed(), 0);
    } else blocker.reset();
  }, [blocker, confirm, shouldBlock]);
  return null;
}

export interface UnsavedChangesGuard {
  /** Render it inside the form: blocks in-app navigation while dirty (null outside a data router). */
  guard: ReactNode;
  /** Call right before leaving on purpose (after a successful save): no question is asked. */
  release: () => void;
}

/** The guard of a custom form whose values differ from what was loaded when `dirty`. */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  const canBlock = Boolean(useContext(UNSAFE_DataRouterContext));
  useEffect(() => {
    dirtyRef.current = dirty;
    if (!dirty) released.current = false;
  }, [dirty]);
  useEffect(() => {
    if (!dirty) return;
    const beforeunload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older Chromium needs returnValue set as well.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', beforeunload);
    return () => window.removeEventListener('beforeunload', beforeunload);
  }, [dirty]);
  const shouldBlock = useCallback(() => dirtyRef.current && !released.current, []);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { guard: canBlock && dirty ? <NavigationBlocker shouldBlock={shouldBlock} /> : null, release };
}
