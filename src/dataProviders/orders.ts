import type { DataProvider } from 'react-admin';
import { callOrThrow, downloadBlob, fileForm, upload } from '@/api/http';
import { orderApi } from '@/api/order';
import { simpleRestProvider } from './simpleRest';
import type {
  SchemaOrder,
  SchemaOrderCampaign,
  SchemaOrderDocument,
  SchemaOrderFromEstimateInput,
} from '@/api/generated/order';

/* The order service: its simple-rest resources (see ./simpleRest) and its own calls. */

/* ---------- the order service ---------- */

export const ORDER_INPUT_FIELDS = [
  'id',
  'code',
  'estimateId',
  'advertiserId',
  'opportunityId',
  'salesId',
  'status',
  'total',
  'orderDate',
  'periodStart',
  'periodEnd',
  'notes',
] as const;

export const ordersDataProvider: DataProvider = simpleRestProvider('order', {
  orders: { inputFields: ORDER_INPUT_FIELDS },
  orderDocuments: { inputFields: [], readOnly: true },
  orderCampaigns: { inputFields: ['orderId', 'campaignId'] },
});

export type {
  SchemaOrder as Order,
  SchemaOrderDocument as OrderDocument,
  SchemaOrderCampaign as OrderCampaign,
};

/** POST /orders/fromEstimate/{estimateId}: a draft order from an accepted estimate (409 otherwise). */
export async function createOrderFromEstimate(
  estimateId: number,
  body: SchemaOrderFromEstimateInput = {},
): Promise<SchemaOrder> {
  return callOrThrow(
    orderApi().POST('/orders/fromEstimate/{estimateId}', { params: { path: { estimateId } }, body }),
  );
}

/** POST /orders/{id}/documents with progress. */
export function uploadOrderDocument(
  orderId: number,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<SchemaOrderDocument> {
  return upload<SchemaOrderDocument>(
    'order',
    `/orders/${orderId}/documents`,
    fileForm(file),
    onProgress,
  );
}

/** GET /orderDocuments/{id}/content, saved under its own name. */
export function downloadOrderDocument(
  document: Pick<SchemaOrderDocument, 'id' | 'fileName'>,
): Promise<string> {
  return downloadBlob(
    orderApi().GET('/orderDocuments/{id}/content', {
      params: { path: { id: document.id } },
      parseAs: 'blob',
    }),
    document.fileName,
  );
}

/** Connects a campaign to an order (POST /orderCampaigns; 409 when already connected). */
export async function connectCampaign(orderId: number, campaignId: number): Promise<SchemaOrderCampaign> {
  return callOrThrow(orderApi().POST('/orderCampaigns', { body: { orderId, campaignId } }));
}
