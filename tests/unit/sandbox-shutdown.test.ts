// @vitest-environment node
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { createSandbox, type Sandbox } from '../../sandbox/server';

/*
 * Graceful stop of the sandbox (what SIGTERM does in sandbox/main.ts): stop accepting, let the
 * requests in flight finish, bounded, then close the connections.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const TOKEN = 'conferma-robustezza-0001';
const PATH = `/user/prereg/confirm/${TOKEN}`; // a public operation: no sign-in needed

let sandbox: Sandbox | undefined;
afterEach(async () => {
  sandbox?.server.closeAllConnections();
  if (sandbox?.server.listening) await new Promise((resolve) => sandbox?.server.close(resolve));
  sandbox = undefined;
});

/** A sandbox whose one handler waits for `release()` before answering. */
async function slowSandbox() {
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  sandbox = await createSandbox({
    db: {} as Db, // the public operation below never reaches the database
    handlers: {
      user: {
        confirmSignup: async () => {
          calls += 1;
          entered();
          await gate;
          return { message: 'Account confermato' };
        },
      },
    },
    services: internalServices,
    origin: 'http://127.0.0.1:8787',
  });
  const server = sandbox.server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { sandbox, port, inHandler, release, calls: () => calls };
}

/** Raw HTTP on one socket: writes what it is told, collects everything until the server closes. */
function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  socket.on('error', () => undefined);
  const get = () => socket.write(`GET ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  return { get, ended };
}

it('finishes the request in flight, refuses new connections meanwhile, and reports it drained', async () => {
  const { sandbox, port, inHandler, release } = await slowSandbox();
  const inFlight = fetch(`http://127.0.0.1:${port}${PATH}`);
  await inHandler;

  const closing = sandbox.close(5000);
  await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();

  release();
  const res = await inFlight;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ message: 'Account confermato' });
  expect(res.headers.get('connection')).toBe('close');
  await expect(closing).resolves.toEqual({ drained: true, abandoned: 0 });
  expect(sandbox.server.listening).toBe(false);
});

it('closes an idle kept-alive connection at once', async () => {
  const { sandbox, port, inHandler, release, calls } = await slowSandbox();
  const conn = rawConnection(port);
  conn.get();
  await inHandler;
  release(); // the request completes; the connection stays open, kept alive, idle
  await new Promise((resolve) => setTimeout(resolve, 200));
  const closing = sandbox.close(5000);
  const text = await conn.ended; // ended by the stop, not by the client
  expect([...text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]))).toEqual([200]);
  expect(text).not.toMatch(/^Connection: close/im);
  expect(calls()).toBe(1);
  await expect(closing).resolves.toEqual({ drained: true, abandoned: 0 });
});

it('starts no request queued behind the one in flight on a connection once the stop began', async () => {
  const { sandbox, port, inHandler, release, calls } = await slowSandbox();
  const conn = rawConnection(port);
  conn.get();
  await inHandler;
  const closing = sandbox.close(5000);
  conn.get(); // pipelined on the same socket after the stop began
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  const text = await conn.ended;
  expect([...text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]))).toEqual([200]);
  expect(text).toMatch(/^Connection: close/im);
  expect(calls()).toBe(1);
  await expect(closing).resolves.toEqual({ drained: true, abandoned: 0 });
});

it('waits no longer than its bound for a request that never ends', async () => {
  const { sandbox, port, inHandler } = await slowSandbox();
  const inFlight = fetch(`http://127.0.0.1:${port}${PATH}`).then(
    (r) => r.status,
    () => 'closed',
  );
  await inHandler;
  await expect(sandbox.close(200)).resolves.toEqual({ drained: false, abandoned: 1 });
  await expect(inFlight).resolves.toBe('closed');
});
