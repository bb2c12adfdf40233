import type { SchemaOrder, SchemaOrderCampaign, SchemaOrderDocument } from '@/api/generated/order';
import { createOrderBody } from '@/api/generated/order.zod';
import { codeChoices } from '@/ui/format';

export type Order = SchemaOrder;
export type OrderDocument = SchemaOrderDocument;
export type OrderCampaign = SchemaOrderCampaign;

export const ORDER_STATUSES = createOrderBody.shape.status.unwrap().options;
export const ORDER_STATUS_LABELS = 'resources.orders.status';
export const orderStatusChoices = codeChoices(ORDER_STATUS_LABELS, ORDER_STATUSES);
