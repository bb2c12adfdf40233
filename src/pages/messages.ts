import { ApiError } from '@/api/http';

/** The i18n key of a clear message for a failed call: a status the screen does not handle itself. */
export function errorKeyFor(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.status) {
      case 400:
        return 'app.errors.bad_request';
      case 403:
        return 'app.errors.forbidden_action';
      case 413:
        return 'app.errors.too_large';
      case 415:
        return 'app.errors.unsupported_type';
      default:
        return error.status >= 500 || error.status === 0 ? 'app.errors.unreachable' : 'app.errors.generic';
    }
  }
  if (error instanceof TypeError) return 'app.errors.unreachable';
  return 'app.errors.generic';
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
