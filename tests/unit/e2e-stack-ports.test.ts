// @vitest-environment node
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree } from '../e2e/support/stack';

/* The end-to-end stack never runs its tests against a server it did not start. */

let held: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (held ? held.close(resolve) : resolve(undefined)));
  held = undefined;
});

describe('the end-to-end stack’s ports', () => {
  it('refuses a port another process holds, naming it', async () => {
    held = createServer();
    await new Promise<void>((resolve) => held!.listen(0, '127.0.0.1', resolve));
    const port = (held.address() as AddressInfo).port;
    await expect(assertPortFree(port, 'app')).rejects.toThrow(`La porta ${port} (app) è già in uso da un altro processo`);
  });

  it('takes a free port, and leaves it free', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    await expect(assertPortFree(port, 'sandbox')).resolves.toBeUndefined();
    await expect(assertPortFree(port, 'sandbox')).resolves.toBeUndefined();
  });
});
