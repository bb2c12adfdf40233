import polyglotI18nProvider from 'ra-i18n-polyglot';
import { it } from './it';

export const LOCALES = ['it', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
/** Italian is the default language. */
export const DEFAULT_LOCALE: Locale = 'it';

/** English is loaded when it is chosen (polyglot takes a promise for a locale other than the first). */
const messagesFor = (locale: string) => (locale === 'en' ? import('./en').then((m) => m.en) : it);

/** The i18n provider: Italian by default, English selectable from the user menu. */
export const i18nProvider = polyglotI18nProvider(messagesFor, DEFAULT_LOCALE, [
  { locale: 'it', name: 'Italiano' },
  { locale: 'en', name: 'English' },
]);

export { it };
