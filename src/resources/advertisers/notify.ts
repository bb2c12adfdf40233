import { useCallback } from 'react';
import { useNotify } from 'react-admin';

/** Shows a failure's own message (the server's Italian text, or the spec's exact texts) as an error notification. */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, fallbackKey = 'ra.notification.http_error') => {
      const body = (error as { body?: { errors?: Array<{ path?: string; message: string }> } } | undefined)?.body;
      const details = Array.isArray(body?.errors) ? body.errors.map((e) => (e.path ? `${e.path.replace(/^\/(body|query)\//, '')}: ${e.message}` : e.message)).join('; ') : '';
      const base = error instanceof Error && error.message ? error.message : '';
      const message = details ? `${base} (${details})` : base;
      if (message) notify(message, { type: 'error', messageArgs: { _: message } });
      else notify(fallbackKey, { type: 'error' });
    },
    [notify],
  );
}

/** An image blob as an object URL, revoked by the caller. */
export const objectUrlOf = (blob: Blob) => URL.createObjectURL(blob);
