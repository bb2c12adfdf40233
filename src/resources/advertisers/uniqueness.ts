import type { SchemaUniqueField } from '@/api/generated/advertiser';

/** How long typing must pause before the uniqueness check is sent. */
const UNIQUE_CHECK_DELAY_MS = 400;

export type UniquenessCheck = (field: SchemaUniqueField, value: string) => Promise<boolean>;

/**
 * A react-admin validator that asks the service whether the value is still free, as the user types:
 * debounced (only the last value typed within the delay is checked), skipped while the value equals
 * the record's own (`own`), asking `check` (the data provider's checkAdvertiserUnicity), answering the translation key of the Italian message when taken.
 */
export function uniqueValidator(
  field: SchemaUniqueField,
  own: string | undefined,
  check: UniquenessCheck,
  delay = UNIQUE_CHECK_DELAY_MS,
) {
  let latest = 0;
  const cache = new Map<string, boolean>();
  return async (value: unknown): Promise<string | undefined> => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text || (own !== undefined && text.toLowerCase() === own.trim().toLowerCase())) return undefined;
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
    return cache.get(text) ? undefined : `resources.advertisers.errors.unique_${field}`;
  };
}
