import type { DataProvider } from 'react-admin';
import {
  createOrderFromEstimate,
  downloadOrderDocument,
  listOrderTransitions,
  moveOrder,
  uploadOrderDocument,
} from '@/api/order';
import type { UploadProgress } from '@/api/http';
import type {
  SchemaOrder,
  SchemaOrderCampaign,
  SchemaOrderDocument,
  SchemaOrderMoveInput,
  SchemaOrderTransition,
} from '@/api/generated/order';
import type { operations } from '@/api/generated/order';
import { createOrderBody, createOrderCampaignBody } from '@/api/generated/order.fields';
import { inputOf, type RequestBody } from './shared';
import { simpleRestProvider } from './simpleRest';

/* The order service: its simple-rest resources (see ./simpleRest) and its own calls. */

/* What a create or a full update sends: the input schema's fields, a cleared one as null. */
export const orderInputOf = inputOf<RequestBody<operations['createOrder']>>(createOrderBody, { advertiserId: 'form', salesId: 'form', status: 'form', total: 'form', orderDate: 'form', periodStart: 'form', periodEnd: 'form' }, { empty: 'null' });
export const orderCampaignInputOf = inputOf<RequestBody<operations['createOrderCampaign']>>(createOrderCampaignBody, { orderId: 'form', campaignId: 'form' }, { empty: 'null' });

const ordersCrud: DataProvider = simpleRestProvider('order', {
  orders: { toInput: orderInputOf },
  orderDocuments: { readOnly: true },
  orderCampaigns: { toInput: orderCampaignInputOf },
});

/**
 * The order screens' custom methods, reached with `useDataProvider<AppDataProvider>()` (the
 * composite provider routes them by the resource given first).
 */
export interface OrdersMethods {
  createOrderFromEstimate(resource: 'orders', params: { estimateId: number }): Promise<SchemaOrder>;
  /** A status move with its note (the rules are OrderStatus.x-transitions; 409 otherwise). */
  moveOrder(resource: 'orders', params: { id: number } & SchemaOrderMoveInput): Promise<SchemaOrder>;
  /** The order's status history: who moved it, when, with which note. */
  orderTransitions(resource: 'orders', params: { id: number }): Promise<SchemaOrderTransition[]>;
  uploadOrderDocument(
    resource: 'orderDocuments',
    params: { orderId: number; file: File; onProgress?: UploadProgress },
  ): Promise<SchemaOrderDocument>;
  downloadOrderDocument(
    resource: 'orderDocuments',
    params: { document: Pick<SchemaOrderDocument, 'id' | 'fileName'> },
  ): Promise<string>;
}

export const ordersDataProvider: DataProvider & OrdersMethods = {
  ...ordersCrud,
  createOrderFromEstimate: (_r, { estimateId }) => createOrderFromEstimate(estimateId),
  moveOrder: (_r, { id, to, note }) => moveOrder(id, { to, note }),
  orderTransitions: (_r, { id }) => listOrderTransitions(id),
  uploadOrderDocument: (_r, { orderId, file, onProgress }) => uploadOrderDocument(orderId, file, onProgress),
  downloadOrderDocument: (_r, { document }) => downloadOrderDocument(document),
};

export type {
  SchemaOrder as Order,
  SchemaOrderDocument as OrderDocument,
  SchemaOrderCampaign as OrderCampaign,
  SchemaOrderTransition as OrderTransition,
};
