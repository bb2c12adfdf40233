import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { DEFAULT_LOCALE, i18nProvider } from '@/i18n';

afterEach(async () => {
  if (typeof window === 'undefined') return;
  // Unmount what a component test rendered, so that no test sees the last one's screen.
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The files of the dom project share their modules (isolate: false): a test that switched the
  // one i18n provider to English must not leave the next file speaking it.
  if (i18nProvider.getLocale() !== DEFAULT_LOCALE) await i18nProvider.changeLocale(DEFAULT_LOCALE);
});
