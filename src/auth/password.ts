/**
 * The rule for a new password, written once: the sandbox's user service and the app's password
 * forms (sign-up, new password, change password, profile) import it. At least
 * PASSWORD_MIN_LENGTH characters, and not trivially guessable: zxcvbn-ts with its common and
 * Italian dictionaries scores it at least PASSWORD_MIN_SCORE (0–4; below 2 means fewer than a
 * million guesses). The dictionaries are large, so they load on first use (a dynamic import): the
 * /login page never carries them.
 */
import type { ZxcvbnResult } from '@zxcvbn-ts/core';

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MIN_SCORE = 2;

/** Why a password is refused: an i18n key suffix (`auth.password.<problem>`) and the sandbox's code. */
export type PasswordProblem = 'tooShort' | 'guessable';

type Checker = (password: string, userInputs?: string[]) => ZxcvbnResult;

let checker: Promise<Checker> | undefined;

function loadChecker(): Promise<Checker> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-it'),
  ]).then(([core, common, italian]) => {
    core.zxcvbnOptions.setOptions({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...italian.dictionary },
      translations: italian.translations,
    });
    return (password, userInputs) => core.zxcvbn(password, userInputs);
  });
  return checker;
}

/**
 * The problem with a new password, or null when it may be used. `userInputs` (username, name,
 * e-mail) count as guessable words.
 */
export async function passwordProblem(password: string, userInputs: readonly string[] = []): Promise<PasswordProblem | null> {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  const score = (await loadChecker())(password, userInputs.filter(Boolean).map(String)).score;
  return score < PASSWORD_MIN_SCORE ? 'guessable' : null;
}
