import { ApiError } from '@/api/http';

/**
 * The Italian message of a failed call, with the fields the service named (a 400 lists each
 * violation), so that the person knows what to fix while the form keeps its values.
 */
export function errorMessage(error: unknown, fallback = 'Operazione non riuscita'): string {
  if (error instanceof ApiError || (error && typeof error === 'object' && 'body' in error)) {
    const { message, body } = error as { message?: string; body?: unknown };
    // The service's list (`violations` once the shared data provider keyed `errors` by field).
    const { errors, violations } = (body ?? {}) as { errors?: unknown; violations?: unknown };
    const details = (Array.isArray(violations) ? violations : Array.isArray(errors) ? errors : []) as Array<{ path?: string; message: string }>;
    const list = details
      .map((d) => `${(d.path ?? '').replace(/^\/(body|query|path)\/?/, '') || '—'}: ${d.message}`)
      .join('; ');
    return [message || fallback, list].filter(Boolean).join(' — ');
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Notifies a failure with the service's own (already Italian) message, not as a translation key. */
export function notifyError(notify: (message: string, options?: { type?: 'error'; messageArgs?: Record<string, unknown> }) => void, error: unknown, fallback?: string): void {
  const message = errorMessage(error, fallback);
  notify(message, { type: 'error', messageArgs: { _: message } });
}
