import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { failureMessage } from '@/api/failures';

/**
 * The one way a screen shows a failure: `const failure = useFailure();` then
 * `failure(error)` in a catch or a mutation's `onError`. Every failure reads the same: the clear
 * Italian message of failureMessage (network and 5xx hidden, the service's 4xx message kept), as an
 * error notification. Field violations of a form are not for this: they land under the fields.
 */
export function useFailure(): (error: unknown) => void {
  const notify = useNotify();
  // The message is already translated text: `_` is what react-admin shows for a key it doesn't
  // know, so no "Missing translation" warning is logged.
  return useCallback(
    (error: unknown) => {
      const message = failureMessage(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
    [notify],
  );
}
