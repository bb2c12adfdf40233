import type { components } from '@/api/generated/frame';
import { createWorkOrderBody } from '@/api/generated/frame.zod';
import { codeChoices } from '@/ui/format';

export type WorkOrder = components['schemas']['WorkOrder'];

/** Types and states from the document; their Italian labels are `resources.workOrders.type.*` / `.status.*`. */
export const WORK_ORDER_TYPE_LABELS = 'resources.workOrders.type';
export const WORK_ORDER_STATUS_LABELS = 'resources.workOrders.status';
export const workOrderTypeChoices = codeChoices(WORK_ORDER_TYPE_LABELS, createWorkOrderBody.shape.type.options);
export const workOrderStatusChoices = codeChoices(WORK_ORDER_STATUS_LABELS, ['todo', 'late', 'done', 'problem'] as const);

/** The create/update body of frame.yaml is the form's rule set. */
export const workOrderSchema = createWorkOrderBody;
