import type {
  paths,
  SchemaCommission,
  SchemaEstimate,
  SchemaEstimateDto,
  SchemaEstimateInput,
  SchemaEstimatePage,
  SchemaEstimateSortField,
  SchemaEstimateStatus,
  SchemaSalesPerson,
} from './generated/estimate';
import { callOrThrow, downloadBlob, lazyClient } from './http';

/** The estimate service: a typed openapi-fetch client. */
export const estimateApi = lazyClient<paths>('estimate');

/** GET all/page/{p}/perPage/{n}/sort/{dir}/?sortValue: a page of estimates. */
export function listEstimates(params: {
  path: { p: number; n: number; dir: 'ASC' | 'DESC' };
  query: { sortValue: SchemaEstimateSortField };
}): Promise<SchemaEstimatePage> {
  return callOrThrow(estimateApi().GET('/all/page/{p}/perPage/{n}/sort/{dir}/', { params }));
}

/** GET getAllDto: every estimate, short form. */
export function listEstimateDtos(): Promise<SchemaEstimateDto[]> {
  return callOrThrow(estimateApi().GET('/getAllDto'));
}

/** GET getByOpportunityId?opportunityId. */
export function listEstimatesByOpportunity(opportunityId: number): Promise<SchemaEstimate[]> {
  return callOrThrow(estimateApi().GET('/getByOpportunityId', { params: { query: { opportunityId } } }));
}

/** GET {id}. */
export function getEstimate(id: number): Promise<SchemaEstimate> {
  return callOrThrow(estimateApi().GET('/{id}', { params: { path: { id } } }));
}

/** POST save?opportunityId&advertiserId&salesId with the estimate (an `id` in the body updates it). */
export function saveEstimate(
  query: { opportunityId: number; advertiserId: number; salesId: number },
  body: SchemaEstimateInput,
): Promise<SchemaEstimate> {
  return callOrThrow(estimateApi().POST('/save', { params: { query }, body }));
}

/** DELETE delete?id. */
export function deleteEstimate(id: number): Promise<unknown> {
  return callOrThrow(estimateApi().DELETE('/delete', { params: { query: { id } } }));
}

/** GET commission/calculateCommission/{id}. */
export function calculateCommission(id: number): Promise<SchemaCommission> {
  return callOrThrow(estimateApi().GET('/commission/calculateCommission/{id}', { params: { path: { id } } }));
}

/** PUT changeStatus?estimateId&status (a refused move rejects with the 409's message). */
/** POST /revise: the estimate duplicated as its next version (a draft). */
export function reviseEstimate(estimateId: number): Promise<SchemaEstimate> {
  return callOrThrow(estimateApi().POST('/revise', { params: { query: { estimateId } } }));
}

export function changeEstimateStatus(
  estimateId: number,
  status: SchemaEstimateStatus,
): Promise<SchemaEstimate> {
  return callOrThrow(estimateApi().PUT('/changeStatus', { params: { query: { estimateId, status } } }));
}

/** GET {id}/pdf, saved as the file the service names (preventivo-{id}.pdf). */
export function downloadEstimatePdf(id: number): Promise<string> {
  return downloadBlob(
    estimateApi().GET('/{id}/pdf', { params: { path: { id } }, parseAs: 'blob' }),
    `preventivo-${id}.pdf`,
  );
}

/** GET sales/all. */
export function listSalesPeople(): Promise<SchemaSalesPerson[]> {
  return callOrThrow(estimateApi().GET('/sales/all'));
}
