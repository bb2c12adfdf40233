import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';
import { it } from './it';

export const LOCALES = ['it', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
/** Italian is the default language. */
export const DEFAULT_LOCALE: Locale = 'it';

const messagesFor = (locale: string) => (locale === 'en' ? en : it);

/** The i18n provider: Italian by default, English selectable from the user menu. */
export const i18nProvider = polyglotI18nProvider(messagesFor, DEFAULT_LOCALE, [
  { locale: 'it', name: 'Italiano' },
  { locale: 'en', name: 'English' },
]);

export { en, it };
