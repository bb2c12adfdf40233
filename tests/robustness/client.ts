/**
 * The HTTP client of the robustness run: node:http over a keep-alive agent with a fixed number of
 * sockets (the "connections" of the load), a timeout on every call, and an outcome that tells an
 * answer from a socket error or a timeout. Never throws.
 */
import { Agent, request } from 'node:http';

export interface Outcome {
  /** HTTP status; 0 when no answer came (see `error`). */
  status: number;
  body: unknown;
  /** Socket error code (ECONNREFUSED, ECONNRESET, …) or `timeout…`. */
  error?: string;
  /** Whether the request may have reached the server (anything but a refused connection). */
  sent: boolean;
  ms: number;
  /**
   * Times the request was sent again because the kept-alive connection it went out on turned out
   * to be closed by the server before any answer (see `call`).
   */
  resent: number;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON unless a string (sent as is). */
  body?: unknown;
  timeoutMs?: number;
}

export class Client {
  readonly agent: Agent;
  constructor(
    readonly base: string,
    connections: number,
    private token?: string,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  setToken(token: string) {
    this.token = token;
  }

  /**
   * One request. When a kept-alive connection taken from the pool was already closed by the server
   * (its idle timeout won the race with our request: ECONNRESET / EPIPE before any byte of an
   * answer), the request is sent once more on a new connection, as browsers and Node's own
   * documentation do (`request.reusedSocket`). Each such resend is counted in `resent`; writes are
   * then still checked against the database, so a resend that duplicated a write would show there.
   */
  async call(path: string, options: CallOptions = {}): Promise<Outcome> {
    const first = await this.once(path, options);
    if (!first.staleSocket) return { ...first, resent: 0 };
    const second = await this.once(path, options);
    // `sent` stays true: the first attempt may have reached a server that then went away.
    return { ...second, sent: true, ms: first.ms + second.ms, resent: 1 };
  }

  private once(path: string, options: CallOptions): Promise<Omit<Outcome, 'resent'> & { staleSocket?: boolean }> {
    const started = performance.now();
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (this.token && !headers.Authorization) headers.Authorization = `Bearer ${this.token}`;
    let payload: Buffer | undefined;
    if (options.body !== undefined) {
      payload = Buffer.from(typeof options.body === 'string' ? options.body : JSON.stringify(options.body));
      headers['Content-Type'] ??= 'application/json';
      headers['Content-Length'] = String(payload.length);
    }
    return new Promise((resolve) => {
      let settled = false;
      const finish = (outcome: Omit<Outcome, 'ms' | 'resent'> & { staleSocket?: boolean }) => {
        if (settled) return;
        settled = true;
        resolve({ ...outcome, ms: performance.now() - started });
      };
      const req = request(`${this.base}${path}`, { method: options.method ?? 'GET', headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error: NodeJS.ErrnoException) => finish({ status: 0, body: undefined, error: error.code ?? error.message, sent: true }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: keep the text
          }
          finish({ status: res.statusCode ?? 0, body, sent: true });
        });
      });
      req.setTimeout(options.timeoutMs ?? 30_000, () => {
        // Whether it went out on a kept-alive connection, to tell a lost request from a slow one.
        finish({ status: 0, body: undefined, error: req.reusedSocket ? 'timeout (kept-alive connection)' : 'timeout', sent: true });
        req.destroy();
      });
      let answered = false;
      req.on('response', () => (answered = true));
      req.on('error', (error: NodeJS.ErrnoException) => {
        const staleSocket = req.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        finish({ status: 0, body: undefined, error: error.code ?? error.message, sent: error.code !== 'ECONNREFUSED', staleSocket });
      });
      req.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}

const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;

/** Signs in through the real token endpoint (password grant of the demo user); the access token. */
export async function signIn(client: Client, username = 'admin', password = 'demo'): Promise<string> {
  const outcome = await client.call('/user/oauth/token', {
    method: 'POST',
    headers: { Authorization: BASIC, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  const token = (outcome.body as { access_token?: string } | undefined)?.access_token;
  if (outcome.status !== 200 || !token) throw new Error(`sign-in as ${username} failed: ${outcome.status} ${outcome.error ?? JSON.stringify(outcome.body)}`);
  return token;
}

/** The p-th percentile (0-100) of the values, nearest rank; 0 for none. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}
