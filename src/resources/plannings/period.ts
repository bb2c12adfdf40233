import { formatDate } from '@/ui/format';

/** "01/03/2026 – 31/03/2026" */
export const formatPeriod = (start: string, end: string) => `${formatDate(start)} – ${formatDate(end)}`;
