import type { SchemaOrder, SchemaOrderCampaign, SchemaOrderDocument } from '@/api/generated/order';
import type { SchemaOrderStatus } from '@/api/generated/order';
import { OrderStatusFinal, OrderStatusTransitions } from '@/api/generated/order.rules';
import { codeChoices } from '@/ui/format';

export type Order = SchemaOrder;
export type OrderDocument = SchemaOrderDocument;
export type OrderCampaign = SchemaOrderCampaign;

/** The allowed moves, generated from the document's `OrderStatus.x-transitions` (the sandbox enforces the same table). */
export const ORDER_TRANSITIONS = OrderStatusTransitions;
export const ORDER_STATUSES = Object.keys(ORDER_TRANSITIONS) as SchemaOrderStatus[];
/** A status nothing moves out of (closed, cancelled): the screen says so before a move there. */
export const isFinalOrderStatus = (status: SchemaOrderStatus) => OrderStatusFinal.includes(status);
export const ORDER_STATUS_LABELS = 'resources.orders.status';
export const orderStatusChoices = codeChoices(ORDER_STATUS_LABELS, ORDER_STATUSES);
