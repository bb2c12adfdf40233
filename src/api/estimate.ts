import type { paths, SchemaCommission, SchemaEstimate, SchemaEstimateStatus, SchemaSalesPerson } from './generated/estimate';
import { callOrThrow, downloadBlob, lazyClient } from './http';

/** The estimate service (spec §7): a typed openapi-fetch client. */
export const estimateApi = lazyClient<paths>('estimate');

/** The statuses in their order, and the allowed moves (EstimateStatus.x-transitions of openapi/estimate.yaml). */
export const ESTIMATE_STATUSES: SchemaEstimateStatus[] = ['draft', 'sent', 'accepted', 'rejected', 'expired'];
export const ESTIMATE_TRANSITIONS: Record<SchemaEstimateStatus, SchemaEstimateStatus[]> = {
  draft: ['sent'],
  sent: ['accepted', 'rejected', 'expired'],
  accepted: [],
  rejected: ['draft'],
  expired: ['draft'],
};

/** Line total as the service computes it (quantity × unit price × (1 − discount%)), rounded to the cent: the editor's preview. */
export function previewLineTotal(l: { quantity?: number; unitPrice?: number; discountPercent?: number }): number {
  const v = (Number(l.quantity) || 0) * (Number(l.unitPrice) || 0) * (1 - (Number(l.discountPercent) || 0) / 100);
  return Math.round((v + Number.EPSILON) * 100) / 100;
}

/** GET commission/calculateCommission/{id}. */
export function calculateCommission(id: number): Promise<SchemaCommission> {
  return callOrThrow(estimateApi().GET('/commission/calculateCommission/{id}', { params: { path: { id } } }));
}

/** PUT changeStatus?estimateId&status (a refused move rejects with the 409's message). */
export function changeEstimateStatus(estimateId: number, status: SchemaEstimateStatus): Promise<SchemaEstimate> {
  return callOrThrow(estimateApi().PUT('/changeStatus', { params: { query: { estimateId, status } } }));
}

/** GET {id}/pdf, saved as the file the service names (preventivo-{id}.pdf). */
export function downloadEstimatePdf(id: number): Promise<string> {
  return downloadBlob(estimateApi().GET('/{id}/pdf', { params: { path: { id } }, parseAs: 'blob' }), `preventivo-${id}.pdf`);
}

/** GET sales/all. */
export function listSalesPeople(): Promise<SchemaSalesPerson[]> {
  return callOrThrow(estimateApi().GET('/sales/all'));
}
