import { z } from 'zod';
import type { SchemaEstimate, SchemaEstimateStatus } from '@/api/generated/estimate';
import { EstimateStatusTransitions } from '@/api/generated/estimate.rules';
import { saveEstimateBody, saveEstimateQueryParams } from '@/api/generated/estimate.zod';
import { codeChoices } from '@/ui/format';
import { withRules, type FormRule } from '@/ui/validation';

export type Estimate = SchemaEstimate;

export const STATUS_LABELS = 'resources.estimates.status';
/** The allowed moves, generated from the document's `EstimateStatus.x-transitions` (the sandbox enforces the same table). */
export const ESTIMATE_TRANSITIONS = EstimateStatusTransitions;
export const ESTIMATE_STATUSES = Object.keys(ESTIMATE_TRANSITIONS) as SchemaEstimateStatus[];
export const estimateStatusChoices = codeChoices(STATUS_LABELS, ESTIMATE_STATUSES);
/** A status nothing moves out of (accepted): a move there cannot be undone, so the screen asks first. */
export const isFinalStatus = (status: SchemaEstimateStatus) => ESTIMATE_TRANSITIONS[status].length === 0;

type Line = z.infer<typeof saveEstimateBody>['lines'][number];

/** Each line's period: its end on or after its start, the message under that line's end date. */
const linePeriods: FormRule<{ lines: Line[] }> = ({ lines }, ctx) =>
  lines.forEach((line, i) => {
    if (line.periodEnd < line.periodStart)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['lines', i, 'periodEnd'],
        message: 'app.validation.end_before_start',
      });
  });

/**
 * The read record carries `null` for an optional field it lacks, where the document's body means
 * "absent"; the lines too.
 */
function nullsAsAbsent(values: unknown): unknown {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return values;
  const out = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));
  if (Array.isArray(out.lines)) out.lines = out.lines.map(nullsAsAbsent);
  return out;
}

/**
 * The editor's form: the save body (lines with quantity ≥ 1, discount 0–100, from the document) and
 * the three ids that travel as its query, plus the line-period rule the document states in words.
 */
export const estimateSchema = z.preprocess(
  nullsAsAbsent,
  withRules(saveEstimateBody.merge(saveEstimateQueryParams), linePeriods),
);

const clamp = (v: unknown, min: number, max = Infinity) => Math.min(max, Math.max(min, Number(v) || 0));
const cents = (v: number) => Math.round((v + Number.EPSILON) * 100) / 100;

/**
 * A line's total while the user types, as the service computes it on save (quantity × unit price ×
 * (1 − discount%), to the cent). Out-of-range input is read at its nearest valid value, so the
 * preview is never negative; the field itself shows the violation.
 */
export function previewLineTotal(l: {
  quantity?: unknown;
  unitPrice?: unknown;
  discountPercent?: unknown;
}): number {
  return cents(clamp(l.quantity, 0) * clamp(l.unitPrice, 0) * (1 - clamp(l.discountPercent, 0, 100) / 100));
}

/** The subtotal (before discounts) and the total of the lines being typed. */
export function previewTotals(
  lines: Array<{ quantity?: unknown; unitPrice?: unknown; discountPercent?: unknown }>,
) {
  const subtotal = cents(lines.reduce((s, l) => s + clamp(l?.quantity, 0) * clamp(l?.unitPrice, 0), 0));
  const total = cents(lines.reduce((s, l) => s + previewLineTotal(l ?? {}), 0));
  return { subtotal, discountTotal: cents(subtotal - total), total };
}
