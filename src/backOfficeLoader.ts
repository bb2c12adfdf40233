/**
 * How the front door reaches the back office's chunk (react-admin, the data providers, the domain
 * screens) without importing it: App.tsx registers the loader; the sign-in form calls
 * prefetchBackOffice while the user types the password, so that the chunk is in the cache by the
 * time the sign-in answers. (A registry, not an import: the back office imports the route table,
 * which lazily imports the sign-in page.)
 */
let loader: (() => Promise<unknown>) | undefined;

export function registerBackOffice(load: () => Promise<unknown>): void {
  loader = load;
}

/** Starts loading the back office (the module system loads it once); a failure is left to the route that needs it. */
export function prefetchBackOffice(): void {
  void loader?.().catch(() => undefined);
}
