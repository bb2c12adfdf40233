import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { passwordProblem } from '../src/auth/password';
import { HttpError } from './http';

/**
 * Sign-in throttling, kept in memory (a restart forgets it), in three counts of wrong passwords:
 * - per username and client address: each one makes the next answer slower, and after
 *   `maxFailures` within the window that address may not try that username for `lockSeconds`
 *   (429 with `Retry-After`, the right password included). A successful sign-in forgets them.
 * - per client address, whatever the usernames: after `maxAddressFailures` within the hour the
 *   address may not sign in at all for `addressLockSeconds` (one guess on each of many usernames).
 *   A successful sign-in does not forget them (an own account would wash the guesses away).
 * - per username, whatever the addresses: they slow the wrong answers down too, but never lock:
 *   wrong passwords from other addresses cannot keep the owner out of their own.
 */
export const SIGNIN_LIMITS = {
  maxFailures: 5,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  maxAddressFailures: 30,
  addressWindowSeconds: 60 * 60,
  addressLockSeconds: 60 * 60,
  /** The delay after the first failure; it doubles with each further one, up to maxDelayMs. */
  firstDelayMs: Number(process.env.SANDBOX_SIGNIN_DELAY_MS ?? 250),
  maxDelayMs: 4000,
};

function limiters() {
  return {
    pair: new RateLimiterMemory({
      keyPrefix: 'signin-pair',
      points: SIGNIN_LIMITS.maxFailures,
      duration: SIGNIN_LIMITS.windowSeconds,
      blockDuration: SIGNIN_LIMITS.lockSeconds,
    }),
    address: new RateLimiterMemory({
      keyPrefix: 'signin-address',
      points: SIGNIN_LIMITS.maxAddressFailures,
      duration: SIGNIN_LIMITS.addressWindowSeconds,
      blockDuration: SIGNIN_LIMITS.addressLockSeconds,
    }),
    // Counts only: `penalty` never rejects.
    username: new RateLimiterMemory({ keyPrefix: 'signin-username', points: 1, duration: SIGNIN_LIMITS.windowSeconds }),
  };
}

let limit = limiters();

/** Forgets every count and applies the current SIGNIN_LIMITS (for tests). */
export function resetSignInThrottle(): void {
  limit = limiters();
}

const nameKey = (username: string) => username.trim().toLowerCase();
const pairKey = (username: string, address: string) => `${nameKey(username)}|${address}`;

/** How long to hold the answer to the n-th wrong password in a row (n ≥ 1). */
export function failureDelayMs(n: number): number {
  return Math.min(SIGNIN_LIMITS.firstDelayMs * 2 ** Math.max(0, n - 1), SIGNIN_LIMITS.maxDelayMs);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The message of the 429; `Retry-After` carries the seconds. */
export const lockedMessage = (retryAfter: number) =>
  `Troppi tentativi di accesso non riusciti: riprova tra ${Math.ceil(retryAfter / 60)} minuti`;

const blockedSeconds = (state: RateLimiterRes | null, points: number) =>
  state && state.consumedPoints > points ? seconds(state.msBeforeNext) : undefined;

/**
 * The seconds until this address may try this username again, or undefined when it may now: the
 * longer of the username-and-address lock and the address lock.
 */
export async function lockedFor(username: string, address: string): Promise<number | undefined> {
  const [pair, byAddress] = await Promise.all([limit.pair.get(pairKey(username, address)), limit.address.get(address)]);
  const waits = [blockedSeconds(pair, SIGNIN_LIMITS.maxFailures), blockedSeconds(byAddress, SIGNIN_LIMITS.maxAddressFailures)].filter(
    (w): w is number => w !== undefined,
  );
  return waits.length ? Math.max(...waits) : undefined;
}

async function consume(limiter: RateLimiterMemory, key: string): Promise<{ consumed: number } | { retryAfter: number }> {
  try {
    return { consumed: (await limiter.consume(key)).consumedPoints };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { retryAfter: seconds(error.msBeforeNext) };
    throw error;
  }
}

/**
 * Records a wrong password from `address` and waits the growing delay (after the longer run of
 * failures: this username from this address, or this username from anywhere); once a limit is
 * passed it answers the seconds of the lock instead (no wait: the answer is a 429).
 */
export async function recordFailure(username: string, address: string, wait: (ms: number) => Promise<void> = sleep): Promise<number | undefined> {
  const byName = (await limit.username.penalty(nameKey(username))).consumedPoints;
  const [pair, byAddress] = await Promise.all([consume(limit.pair, pairKey(username, address)), consume(limit.address, address)]);
  const locks = [pair, byAddress].flatMap((r) => ('retryAfter' in r ? [r.retryAfter] : []));
  if (locks.length) return Math.max(...locks);
  await wait(failureDelayMs(Math.max(byName, 'consumed' in pair ? pair.consumed : 0)));
  return undefined;
}

/** A successful sign-in forgets the failures of this username from this address. */
export async function recordSuccess(username: string, address: string): Promise<void> {
  await limit.pair.delete(pairKey(username, address));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const PASSWORD_MESSAGES = {
  tooShort: 'La password deve avere almeno 8 caratteri',
  guessable: 'La password è troppo facile da indovinare: usa una frase o più parole non ovvie',
} as const;

/** Refuses a new password that breaks the rule of src/auth/password.ts (400, under its field). */
export async function assertNewPassword(password: string, field: string, userInputs: readonly string[] = []): Promise<void> {
  const problem = await passwordProblem(password, userInputs);
  if (problem) throw new HttpError(400, PASSWORD_MESSAGES[problem], { errors: [{ path: `/body/${field}`, message: PASSWORD_MESSAGES[problem] }] });
}
