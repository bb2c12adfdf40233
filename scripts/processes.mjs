// Child processes of the test scripts: a free port on 127.0.0.1, waiting for a child to exit, and
// stopping its whole process group (tsx and npx run node under them).
import { createServer } from 'node:net';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port of 127.0.0.1 that nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves with the child's exit code once it has exited (at once if it already has). */
export function exited(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? 1);
    else child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** SIGTERM to the child's process group, SIGKILL after `stopSeconds`; `onKill` is told when it comes to that. */
export async function stopGroup(child, { stopSeconds = 10, onKill } = {}) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      try {
        child.kill(sig);
      } catch {
        // already gone
      }
    }
  };
  signal('SIGTERM');
  if (!(await Promise.race([exited(child).then(() => true), sleep(stopSeconds * 1000).then(() => false)]))) {
    onKill?.();
    signal('SIGKILL');
    await Promise.race([exited(child), sleep(2000)]);
  }
}
