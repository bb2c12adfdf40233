/**
 * Runs `run` at the browser's next idle moment (at the latest after `timeoutMs`), or on the next
 * turn where the browser has no idle callbacks. Returns a function that cancels it.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 0);
  return () => window.clearTimeout(id);
}
