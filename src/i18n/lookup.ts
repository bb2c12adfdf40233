import { app } from './it/app';
import { ra } from './it/ra';
import { vendite } from './it/vendite';
import { field } from './it/field';

/**
 * The message lookup of the front door: the public pages, the shared-resource viewer
 * and the call layer translate through it, so that they load without react-admin and its
 * polyglot provider. It reads the same Italian texts as the back office (`./it/*`), and speaks
 * polyglot's dialect: `%{name}` placeholders, `_` as the default, `smart_count` choosing between
 * the `||||` forms. Once the back office has loaded, it hands its i18nProvider in
 * (setTranslator), so that a message shown there follows the user's language.
 */
export type TranslateOptions = Record<string, unknown> & { _?: string; smart_count?: number };
export type Translate = (key: string, options?: TranslateOptions) => string;

// The installer's page and the client's proof of posting are public pages: their messages too.
const ITALIAN: Record<string, unknown> = { ra, app, resources: { ...vendite, ...field } };

function find(messages: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>(
    (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
    messages,
  );
}

/** Polyglot's Italian plural rule: the first form for 1, the second otherwise. */
function pluralForm(text: string, count: unknown): string {
  const forms = text.split('||||').map((f) => f.trim());
  if (forms.length < 2 || typeof count !== 'number') return forms[0];
  return count === 1 ? forms[0] : forms[1];
}

function interpolate(text: string, options: TranslateOptions): string {
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole));
}

/** The Italian text of `key`; the `_` default, else the key itself, when there is none. */
export const translateItalian: Translate = (key, options = {}) => {
  const found = find(ITALIAN, key);
  const text = typeof found === 'string' ? found : options._ ?? key;
  return interpolate(pluralForm(text, options.smart_count), options);
};

let active: Translate = translateItalian;

/** The back office registers its i18nProvider's translate here (see the module comment). */
export function setTranslator(translate: Translate): void {
  active = translate;
}

/** Translates with the registered translator (Italian until the back office loads). */
export const translateMessage: Translate = (key, options) => active(key, options);

/** The translate function for components outside react-admin (same signature as its useTranslate). */
export function useMessages(): Translate {
  return translateMessage;
}
