import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../../sandbox/db';
import { internalServices } from '../../../sandbox/internal';
import { createSandbox, type Sandbox } from '../../../sandbox/server';
import { HANDLERS } from '../../../sandbox/services';

/*
 * A sandbox served over HTTP on a free port of 127.0.0.1, for the unit tests that call it as the app
 * does: every service, the internal endpoints, sign-in as a demo user.
 */

/** The back office's OAuth client (the password grant of the demo users). */
export const BASIC = `Basic ${Buffer.from('backoffice:backoffice-secret').toString('base64')}`;

export interface ServedSandbox {
  sandbox: Sandbox;
  server: Server;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** The access token of `username` (password `demo` unless given). */
  signIn(username: string, password?: string): Promise<string>;
  /** Stops the server, dropping its open connections. */
  close(): Promise<void>;
}

export async function serveSandbox(db: Db, options: Partial<Parameters<typeof createSandbox>[0]> = {}): Promise<ServedSandbox> {
  const sandbox = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1:8787', ...options });
  const { server } = sandbox;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    sandbox,
    server,
    base,
    signIn: (username, password = 'demo') => signIn(base, username, password),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export async function signIn(base: string, username: string, password = 'demo'): Promise<string> {
  const response = await fetch(`${base}/user/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BASIC },
    body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  const body = (await response.json()) as { access_token?: string; message?: string };
  if (!body.access_token) throw new Error(`Accesso di ${username} rifiutato (${response.status}): ${body.message ?? ''}`);
  return body.access_token;
}

/** A service's answer: its status and its JSON body (undefined when empty). */
export type Answer<T> = { status: number; body: T };

/** Calls `path` of the served sandbox with `token`, a JSON body when given; the answer whatever its status. */
export async function callJson<T = Record<string, unknown>>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The 409 of a stale save: who saved the record last, when, and its version now. */
export type StaleRefusal = { message: string; status: number; modifiedBy: string | null; modifiedAt: string | null; lockVersion: number };
