import type { SchemaUniqueField } from '@/api/generated/advertiser';

/** How long typing must pause before the uniqueness check is sent. */
const UNIQUE_CHECK_DELAY_MS = 400;

export type UniquenessCheck = (field: SchemaUniqueField, value: string) => Promise<boolean>;

/** One field's uniqueness, as the advertiser's form asks it. */
export interface UniqueValidator {
  /** Asks the service (after a pause in the typing) and answers the message key when taken. */
  (value: unknown): Promise<string | undefined>;
  /** What is known without asking: the message key when the value is known taken. */
  known: (value: unknown) => string | undefined;
  /** Whether the service still has to be asked about the value. */
  unknown: (value: unknown) => boolean;
}

/**
 * A react-admin validator that asks the service whether the value is still free, as the user types:
 * debounced (only the last value typed within the delay is checked), skipped while the value equals
 * the record's own (`own`), asking `check` (the data provider's checkAdvertiserUnicity), answering
 * the translation key of the Italian message when taken. Answers are kept: `known` reads them at
 * once.
 */
export function uniqueValidator(
  field: SchemaUniqueField,
  own: string | undefined,
  check: UniquenessCheck,
  delay = UNIQUE_CHECK_DELAY_MS,
): UniqueValidator {
  let latest = 0;
  const cache = new Map<string, boolean>();
  const message = `resources.advertisers.errors.unique_${field}`;
  /** The value to ask about, or undefined when there is none to ask (empty, or the record's own). */
  const asked = (value: unknown): string | undefined => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text || (own !== undefined && text.toLowerCase() === own.trim().toLowerCase())) return undefined;
    return text;
  };
  const validate = async (value: unknown): Promise<string | undefined> => {
    const text = asked(value);
    if (text === undefined) return undefined;
    const ticket = ++latest;
    if (!cache.has(text)) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (ticket !== latest) return undefined; // a newer value is being checked
      try {
        cache.set(text, await check(field, text));
      } catch {
        return undefined; // the server check on save still refuses a duplicate
      }
    }
    return cache.get(text) ? undefined : message;
  };
  const known = (value: unknown) => {
    const text = asked(value);
    return text !== undefined && cache.get(text) === false ? message : undefined;
  };
  const unknown = (value: unknown) => {
    const text = asked(value);
    return text !== undefined && !cache.has(text);
  };
  return Object.assign(validate, { known, unknown });
}
