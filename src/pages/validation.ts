import { PASSWORD_MIN_LENGTH, passwordProblem } from '@/auth/password';

/**
 * Form checks of the public and profile pages, as the user service's document states them
 * (passwords 8–128 characters and not trivially guessable, usernames 3–64 of letters, digits and
 * `. _ @ + -`). Each returns the i18n key of an Italian message, or undefined.
 */
export const PASSWORD_MIN = PASSWORD_MIN_LENGTH;
const PASSWORD_MAX = 128;
const USERNAME = /^[A-Za-z0-9._@+-]{3,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Errors<F extends string> = Partial<Record<F, string>>;

function requiredKey(value: string): string | undefined {
  return value.trim() ? undefined : 'app.validation.required';
}

function passwordKey(value: string): string | undefined {
  if (!value) return 'app.validation.required';
  if (value.length < PASSWORD_MIN) return 'app.validation.password_min';
  if (value.length > PASSWORD_MAX) return 'app.validation.password_max';
  return undefined;
}

/**
 * The whole rule for a new password (src/auth/password.ts, the one the user service applies),
 * checked before sending. The first call loads the dictionaries.
 */
export async function newPasswordKey(value: string, userInputs: readonly string[] = []): Promise<string | undefined> {
  const basic = passwordKey(value);
  if (basic) return basic;
  const problem = await passwordProblem(value, userInputs);
  if (problem === 'tooShort') return 'app.validation.password_min';
  return problem === 'guessable' ? 'app.validation.password_guessable' : undefined;
}

export function usernameKey(value: string): string | undefined {
  if (!value.trim()) return 'app.validation.required';
  return USERNAME.test(value) ? undefined : 'app.validation.username';
}

function emailKey(value: string): string | undefined {
  if (!value.trim()) return 'app.validation.required';
  return EMAIL.test(value) ? undefined : 'app.validation.email';
}

function clean<F extends string>(errors: Errors<F>): Errors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as Errors<F>;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  newPasswordConfirm: string;
}

/** POST /user/new-password: the current password, a valid new one, the same one again. */
export function validatePasswordChange(v: PasswordChange): Errors<keyof PasswordChange> {
  return clean({
    oldPassword: v.oldPassword ? undefined : 'app.validation.required',
    newPassword:
      passwordKey(v.newPassword) ??
      (v.newPassword === v.oldPassword ? 'app.validation.password_same' : undefined),
    newPasswordConfirm: v.newPasswordConfirm
      ? v.newPasswordConfirm === v.newPassword
        ? undefined
        : 'app.validation.password_mismatch'
      : 'app.validation.required',
  });
}

export interface PasswordReset {
  newPassword: string;
  newPasswordConfirm: string;
}

export function validatePasswordReset(v: PasswordReset): Errors<keyof PasswordReset> {
  return clean({
    newPassword: passwordKey(v.newPassword),
    newPasswordConfirm: v.newPasswordConfirm
      ? v.newPasswordConfirm === v.newPassword
        ? undefined
        : 'app.validation.password_mismatch'
      : 'app.validation.required',
  });
}

export interface Signup {
  username: string;
  email: string;
  password: string;
  name: string;
  surname: string;
  companyName: string;
}

export function validateSignup(v: Signup): Errors<keyof Signup> {
  return clean({
    username: usernameKey(v.username),
    email: emailKey(v.email),
    password: passwordKey(v.password),
    name: requiredKey(v.name),
    surname: requiredKey(v.surname),
  });
}
