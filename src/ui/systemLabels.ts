import { SYSTEM_STATUSES, SYSTEM_TYPES } from '@/api/systemCodes';
import { codeChoices, codeLabel } from '@/ui/format';

/* The systems' type and status codes as Italian labels, for every screen that shows or picks them. */

export const SYSTEM_TYPE_LABELS = 'resources.systems.systemTypes';
const SYSTEM_STATUS_LABELS = 'resources.systems.statuses';
export const systemTypeLabel = (code: string | null | undefined) => codeLabel(SYSTEM_TYPE_LABELS, code);
export const systemStatusLabel = (code: string | null | undefined) => codeLabel(SYSTEM_STATUS_LABELS, code);
export const systemStatusChoices = () => codeChoices(SYSTEM_STATUS_LABELS, SYSTEM_STATUSES);
export const systemTypeChoices = (codes: readonly string[] = SYSTEM_TYPES) => codeChoices(SYSTEM_TYPE_LABELS, codes);
