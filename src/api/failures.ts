import { ApiError } from './errors';
import { translateMessage } from '@/i18n/lookup';

/**
 * What a person sees of a failed call (a service's error body for a 5xx is never shown):
 * a network failure or a 5xx becomes a clear Italian message (the service's own body stays on the
 * error, not on screen); a 400 keeps the service's validation message and its per-field list as
 * react-admin reads it (`body.errors` keyed by field); a 409 keeps the service's message — what
 * conflicted — and, when the body names the field, puts it under that field too.
 */

/** True for a request that never got an answer: fetch rejected (not an abort), or status 0. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return error instanceof TypeError;
}

/** The HTTP status a failure carries (ApiError or react-admin's HttpError), else undefined. */
export function failureStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

type Violation = { path?: string; message?: string };

/** `[{ path: '/body/name', message }]` → `{ name: message }` (nested paths joined with dots). */
export function fieldErrorsOf(list: Violation[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const v of list) {
    const field = (v.path ?? '')
      .replace(/^\/(body|query|path)\/?/, '')
      .split('/')
      .filter(Boolean)
      .join('.');
    if (field && v.message && !errors[field]) errors[field] = v.message;
  }
  return errors;
}

/** Marks an error already mapped, so that mapping twice changes nothing. */
const MAPPED = Symbol.for('ooh.failure.mapped');

function mark(mapped: ApiError, cause: unknown): ApiError {
  Object.defineProperty(mapped, 'cause', { value: cause, enumerable: false });
  Object.defineProperty(mapped, MAPPED, { value: true, enumerable: false });
  return mapped;
}

/**
 * A network failure or a 5xx as an ApiError with a clear Italian message (status 0 for the
 * network); anything else unchanged. Used by callOrThrow, the path of every data provider.
 */
export function hideServerFailure(error: unknown): unknown {
  if (error && typeof error === 'object' && MAPPED in error) return error;
  if (isNetworkFailure(error)) return mark(new ApiError(0, translateMessage('app.errors.unreachable')), error);
  if (error instanceof ApiError && error.status >= 500) {
    return mark(new ApiError(error.status, translateMessage('app.errors.server', { status: error.status }), error.body), error);
  }
  return error;
}

/**
 * The error a screen should show and react-admin should read: hideServerFailure, and for a 400, a
 * 409 or a 422 (a reference to a record that does not exist) the per-field list keyed by field in `body.errors` (the service's list stays in
 * `body.violations`); the original failure is the `cause`.
 */
export function userFacingError(error: unknown): unknown {
  const hidden = hideServerFailure(error);
  if (hidden !== error || !(error instanceof ApiError) || ![400, 409, 422].includes(error.status)) return hidden;
  if (MAPPED in error) return error;
  const body = (error.body && typeof error.body === 'object' ? error.body : {}) as Record<string, unknown>;
  let errors: unknown = body.errors;
  if (Array.isArray(errors)) errors = fieldErrorsOf(errors as Violation[]);
  if (error.status === 409 && typeof body.field === 'string' && !errors) errors = { [body.field]: error.message };
  if (errors === body.errors) return error;
  return mark(new ApiError(error.status, error.message, { ...body, errors, violations: body.errors }), error);
}

/** A data provider (or any object of async methods) whose every rejection is a userFacingError. */
export function withUserFacingErrors<T extends object>(provider: T): T {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        return result instanceof Promise
          ? result.catch((error: unknown) => {
              throw userFacingError(error);
            })
          : result;
      };
    },
  });
}

/** The message of any failure, fit to show (see userFacingError). */
export function failureMessage(error: unknown): string {
  const mapped = userFacingError(error);
  if (mapped instanceof Error && mapped.message) return mapped.message;
  return typeof mapped === 'string' && mapped ? mapped : translateMessage('app.errors.generic');
}
