import type {
  paths,
  SchemaOrder,
  SchemaOrderDocument,
  SchemaOrderFromEstimateInput,
  SchemaOrderMoveInput,
  SchemaOrderTransition,
} from './generated/order';
import { callOrThrow, downloadBlob, fileForm, lazyClient, upload, type UploadProgress } from './http';

/** The order service: a typed openapi-fetch client. Its CRUD goes through ra-data-simple-rest. */
export const orderApi = lazyClient<paths>('order');

/** GET /orders: every order (the dashboards count them). */
export function listAllOrders(): Promise<SchemaOrder[]> {
  return callOrThrow(orderApi().GET('/orders', { params: { query: {} } }));
}

/** POST /orders/fromEstimate/{estimateId}: a draft order from an accepted estimate (409 otherwise). */
export function createOrderFromEstimate(
  estimateId: number,
  body: SchemaOrderFromEstimateInput = {},
): Promise<SchemaOrder> {
  return callOrThrow(
    orderApi().POST('/orders/fromEstimate/{estimateId}', { params: { path: { estimateId } }, body }),
  );
}

/** POST /orders/{id}/transitions: confirms, closes or cancels an order, with a note (409 for a move the rules refuse). */
export function moveOrder(id: number, body: SchemaOrderMoveInput): Promise<SchemaOrder> {
  return callOrThrow(orderApi().POST('/orders/{id}/transitions', { params: { path: { id } }, body }));
}

/** GET /orders/{id}/transitions: the order's status history, oldest first. */
export function listOrderTransitions(id: number): Promise<SchemaOrderTransition[]> {
  return callOrThrow(orderApi().GET('/orders/{id}/transitions', { params: { path: { id } } }));
}

/** POST /orders/{id}/documents (multipart) with progress. */
export function uploadOrderDocument(
  orderId: number,
  file: File,
  onProgress?: UploadProgress,
): Promise<SchemaOrderDocument> {
  return upload<SchemaOrderDocument>('order', `/orders/${orderId}/documents`, fileForm(file), onProgress);
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
