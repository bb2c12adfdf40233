import { formatDate, formatMoney } from '@/ui/format';

/* The execution screens' formats with a dash for "none". */

export const euro = (value: number | null | undefined) => formatMoney(value) || '—';

export const day = (iso: string | null | undefined) => formatDate(iso) || '—';

export const period = (start?: string | null, end?: string | null) => `${day(start)} – ${day(end)}`;
