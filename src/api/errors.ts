/**
 * The error a rejected call carries: the HTTP status (0 when no answer came), the message (the
 * body's, else the status text), the body. It lives alone so that `http.ts` (which throws it) and
 * `failures.ts` (which maps it for people) both import it without importing each other.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}
