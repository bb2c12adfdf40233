import { i18nProvider } from '@/i18n';

/*
 * Italian formats, one module for every screen, export and chart: dates
 * dd/mm/yyyy, money and numbers grouped by thousands, codes as Italian labels.
 */

/*
 * The formatters are made on first use: the first Intl formatter of a page loads the locale's data
 * (some 40 ms on a 2-core machine), which a screen that formats no number (the systems list) need
 * not pay before its first rows.
 */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat('it-IT', options);
    formatters.set(key, format);
  }
  return format;
}

/**
 * Money in euros, grouped by thousands (it-IT leaves 4-digit numbers ungrouped by default: "5947,00 €"
 * beside "11.022,00 €"); also react-admin's `<NumberField options>`, so that list cells group alike.
 */
export const MONEY_OPTIONS = {
  style: 'currency',
  currency: 'EUR',
  useGrouping: 'always',
} as Intl.NumberFormatOptions;

/** 1234.5 → "1.234,50 €" (or "1.235 €" in whole euros, for charts); empty for no value. */
export function formatMoney(value: number | null | undefined, { whole = false } = {}): string {
  if (value == null || Number.isNaN(value)) return '';
  return (
    whole
      ? numberFormat('whole money', { ...MONEY_OPTIONS, maximumFractionDigits: 0 })
      : numberFormat('money', MONEY_OPTIONS)
  ).format(value);
}

/** 1234.5 → "1.234,5" (at most `maxDigits` decimals, 2 by default); empty for no value. */
export function formatNumber(value: number | null | undefined, maxDigits = 2): string {
  if (value == null || Number.isNaN(value)) return '';
  return numberFormat(`number ${maxDigits}`, {
    useGrouping: 'always',
    maximumFractionDigits: maxDigits,
  } as Intl.NumberFormatOptions).format(value);
}

/**
 * A date (ISO `2026-03-01`, a full timestamp, or a Date) → "01/03/2026". A bare ISO date is read as
 * that calendar day (no time-zone shift); text that is not a date is returned unchanged.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A moment (ISO timestamp or Date) → "30/11/2026 07:00", in the browser's time zone; empty when absent. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The Italian label of a code: `<labels>.<code>` in the i18n files, where `labels` is the key of
 * that kind's labels (`resources.campaigns.status`, a history field list, device states…). An
 * unknown code shows as itself rather than as a raw key.
 */
export function codeLabel(labels: string, code: string | null | undefined): string {
  if (code == null || code === '') return '';
  return i18nProvider.translate(`${labels}.${code}`, { _: code });
}

/** `{ id, name }` choices for a SelectInput from the codes of one kind, in the order given. */
export function codeChoices(labels: string, codes: readonly string[]): { id: string; name: string }[] {
  return codes.map((code) => ({ id: code, name: codeLabel(labels, code) }));
}
