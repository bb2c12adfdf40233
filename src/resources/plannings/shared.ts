import { ApiError } from '@/api/errors';
import type { SchemaConflictingBooking, SchemaPlanning, SchemaPlanningItem, SchemaSystemAvailability } from '@/api/generated/planner';
import { createPlanningBody } from '@/api/generated/planner.zod';
import { codeChoices } from '@/ui/format';
import { systemTypeChoices as systemTypeChoicesOf } from '@/ui/systemLabels';
import { endNotBeforeStart, withRules } from '@/ui/validation';

export type Planning = SchemaPlanning;
export type PlanningItem = SchemaPlanningItem;
export type ConflictingBooking = SchemaConflictingBooking;
export type SystemAvailability = SchemaSystemAvailability;

/** The conflicting booking a 409 of a booking names, if the error is one. */
export function conflictOf(error: unknown): ConflictingBooking | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const body = error.body as { conflict?: ConflictingBooking } | undefined;
  return body?.conflict;
}

export const STATUS_LABELS = 'resources.plannings.status';
export const planningStatusChoices = codeChoices(
  STATUS_LABELS,
  createPlanningBody.shape.status.unwrap().options,
);

/** The system types a planning may be restricted to: the systems document's, written once. */
export { SYSTEM_TYPE_LABELS } from '@/ui/systemLabels';
export const systemTypeChoices = systemTypeChoicesOf();

/** The create body from the document, plus the period rule it states in words. */
export const planningSchema = withRules(createPlanningBody, endNotBeforeStart('periodStart', 'periodEnd'));
