import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { passwordProblem } from '../src/auth/password';
import { HttpError } from './http';

/**
 * Sign-in throttling per username: every wrong password makes the next answer slower; after
 * MAX_FAILURES within the window the username is locked for LOCK_SECONDS and sign-in answers 429
 * with `Retry-After` (openapi/user.yaml, `issueToken`), the right password included. A successful
 * sign-in forgets the failures. Kept in memory: a restart forgets them too.
 */
export const SIGNIN_LIMITS = {
  maxFailures: 5,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  /** The delay after the first failure; it doubles with each further one, up to maxDelayMs. */
  firstDelayMs: Number(process.env.SANDBOX_SIGNIN_DELAY_MS ?? 250),
  maxDelayMs: 4000,
};

const failures = new RateLimiterMemory({
  keyPrefix: 'signin',
  points: SIGNIN_LIMITS.maxFailures,
  duration: SIGNIN_LIMITS.windowSeconds,
  blockDuration: SIGNIN_LIMITS.lockSeconds,
});

const keyOf = (username: string) => username.trim().toLowerCase();

/** How long to hold the answer to the n-th wrong password in a row (n ≥ 1). */
export function failureDelayMs(n: number): number {
  return Math.min(SIGNIN_LIMITS.firstDelayMs * 2 ** Math.max(0, n - 1), SIGNIN_LIMITS.maxDelayMs);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The message of the 429; `Retry-After` carries the seconds. */
export const lockedMessage = (retryAfter: number) =>
  `Troppi tentativi di accesso non riusciti: riprova tra ${Math.ceil(retryAfter / 60)} minuti`;

/** The seconds until the username may try again, or undefined when it is not locked. */
export async function lockedFor(username: string): Promise<number | undefined> {
  const state = await failures.get(keyOf(username));
  return state && state.consumedPoints > SIGNIN_LIMITS.maxFailures ? seconds(state.msBeforeNext) : undefined;
}

/**
 * Records a wrong password and waits the growing delay; once the limit is passed it answers the
 * seconds of the lock instead (no wait: the answer is a 429).
 */
export async function recordFailure(username: string, wait: (ms: number) => Promise<void> = sleep): Promise<number | undefined> {
  try {
    const state = await failures.consume(keyOf(username));
    await wait(failureDelayMs(state.consumedPoints));
    return undefined;
  } catch (error) {
    if (error instanceof RateLimiterRes) return seconds(error.msBeforeNext);
    throw error;
  }
}

export async function recordSuccess(username: string): Promise<void> {
  await failures.delete(keyOf(username));
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
