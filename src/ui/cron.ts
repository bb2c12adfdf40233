import cronstrue from 'cronstrue';
import 'cronstrue/locales/it';

/**
 * A custom repetition in words, as the scheduler's events list shows it: «Alle 08:00, lunedì al
 * venerdì» for `0 0 8 * * MON-FRI` (the scheduler's six fields, seconds first), in the user's
 * language. An expression the library cannot read is shown as it is.
 */
export function cronInWords(expression: string, locale: string): string {
  try {
    return cronstrue.toString(expression, { locale: locale === 'en' ? 'en' : 'it', use24HourTimeFormat: true });
  } catch {
    return expression;
  }
}
