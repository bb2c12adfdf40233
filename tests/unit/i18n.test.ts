import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { it as italian, i18nProvider } from '@/i18n';
import { en } from '@/i18n/en';
import { esecuzione as enEsecuzione } from '@/i18n/en/esecuzione';
import { media as enMedia } from '@/i18n/en/media';
import { patrimonio as enPatrimonio } from '@/i18n/en/patrimonio';
import { vendite as enVendite } from '@/i18n/en/vendite';
import { esecuzione as itEsecuzione } from '@/i18n/it/esecuzione';
import { media as itMedia } from '@/i18n/it/media';
import { patrimonio as itPatrimonio } from '@/i18n/it/patrimonio';
import { vendite as itVendite } from '@/i18n/it/vendite';
import { disponibilita as enDisponibilita } from '@/i18n/en/disponibilita';
import { disponibilita as itDisponibilita } from '@/i18n/it/disponibilita';

type Tree = { [key: string]: Tree | string | undefined };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function get(tree: Tree, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Tree)[k] : undefined), tree);
}

describe('i18n completeness', () => {
  it('Italian has every key English has', () => {
    const missing = keys(en as Tree).filter((k) => typeof get(italian as Tree, k) !== 'string');
    expect(missing).toEqual([]);
  });

  it('English has every key Italian has', () => {
    const missing = keys(italian as Tree).filter((k) => typeof get(en as Tree, k) !== 'string');
    expect(missing).toEqual([]);
  });

  it('Italian translates every react-admin message (none is left in English)', () => {
    const untranslated = keys(englishMessages as Tree).filter((k) => {
      const value = get(englishMessages as Tree, k) as string;
      // Words that are the same in both languages.
      if (['No', 'Password', '%{name}', ' ', 'Datagrid'].includes(value) || /^%\{/.test(value)) return false;
      return get(italian as Tree, k) === value;
    });
    expect(untranslated).toEqual([]);
  });

  const DOMAINS: [string, Tree, Tree][] = [
    ['patrimonio', itPatrimonio, enPatrimonio],
    ['vendite', itVendite, enVendite],
    ['esecuzione', itEsecuzione, enEsecuzione],
    ['media', itMedia, enMedia],
    ['disponibilita', itDisponibilita, enDisponibilita],
  ];
  for (const [name, itMessages, enMessages] of DOMAINS) {
    it(`the ${name} domain files have the same keys in both languages, merged under resources`, () => {
      expect(keys(itMessages).sort()).toEqual(keys(enMessages).sort());
      for (const resource of Object.keys(itMessages)) {
        expect(get(italian as Tree, `resources.${resource}`)).toEqual(itMessages[resource]);
        expect(get(en as Tree, `resources.${resource}`)).toEqual(enMessages[resource]);
      }
    });
  }
});

describe('pagination labels', () => {
  it('English speaks them as the spec writes them', () => {
    expect(get(en as Tree, 'app.pagination')).toEqual({
      page: 'Page',
      go_to: 'Go to',
      previous_page: 'Previous Page',
      next_page: 'Next Page',
      page_size: 'Page Size',
    });
    expect(get(en as Tree, 'ra.navigation.previous')).toBe('Previous Page');
    expect(get(en as Tree, 'ra.navigation.next')).toBe('Next Page');
  });

  it('Italian translates them', () => {
    expect(get(italian as Tree, 'app.pagination')).toEqual({
      page: 'Pagina',
      go_to: 'Vai a',
      previous_page: 'Pagina precedente',
      next_page: 'Pagina successiva',
      page_size: 'Dimensione pagina',
    });
    expect(get(italian as Tree, 'ra.navigation.previous')).toBe('Pagina precedente');
    expect(get(italian as Tree, 'ra.navigation.page_rows_per_page')).toBe('Dimensione pagina:');
  });
});

describe('i18n provider', () => {
  it('is Italian by default and offers English', async () => {
    expect(i18nProvider.getLocale()).toBe('it');
    expect(i18nProvider.translate('ra.action.save')).toBe('Salva');
    expect(i18nProvider.getLocales?.().map((l) => l.locale)).toEqual(['it', 'en']);
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
    await i18nProvider.changeLocale('it');
  });

  it('the 403 and 404 texts are exactly the spec’s', () => {
    expect(i18nProvider.translate('app.error_pages.forbidden')).toBe(
      '403 - Ci dispiace, la pagina non esiste',
    );
    expect(i18nProvider.translate('app.error_pages.not_found')).toBe(
      '404 - Ci dispiace, non sei autorizzato a visualizzare questa pagina',
    );
    expect(i18nProvider.translate('app.error_pages.home')).toBe('Torna alla Home');
    expect(i18nProvider.translate('app.error_pages.logout')).toBe('LOGOUT');
  });
});

describe('message keys written in the screens', () => {
  const sources = Object.entries(import.meta.glob('/src/**/*.tsx', { query: '?raw', import: 'default', eager: true }) as Record<string, string>);

  it('a placeholder is never a raw message key (react-admin does not translate placeholders)', () => {
    const raw = sources.flatMap(([file, text]) => [...text.matchAll(/placeholder="([a-z_]+(?:\.[A-Za-z_]+)+)"/g)].map((m) => `${file}: ${m[1]}`));
    expect(raw).toEqual([]);
  });

  it('every literal key given to translate() exists in Italian', () => {
    const missing = sources.flatMap(([file, text]) =>
      [...text.matchAll(/\btranslate\(\s*'((?:ra|app|resources)\.[A-Za-z0-9_.]+)'/g)].map((m) => m[1]).filter((k) => typeof get(italian as Tree, k) !== 'string').map((k) => `${file}: ${k}`),
    );
    expect(missing).toEqual([]);
  });
});
