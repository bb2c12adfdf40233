import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import {
  calculateCommission,
  changeEstimateStatus,
  deleteEstimate,
  downloadEstimatePdf,
  getEstimate,
  listEstimates as listEstimatesPage,
  listEstimatesByOpportunity,
  listSalesPeople,
  reviseEstimate,
  saveEstimate,
} from '@/api/estimate';
import type {
  SchemaCommission,
  SchemaEstimate,
  SchemaEstimateInput,
  SchemaEstimateLineInput,
  SchemaEstimateSortField,
  SchemaEstimateStatus,
  SchemaSalesPerson,
} from '@/api/generated/estimate';
import { ESTIMATE_LIST_DEFAULTS } from '@/config/constants';
import { saveEstimateBody } from '@/api/generated/estimate.fields';
import { everyPage, inputOf, localList, read, toDeleted, toList, toMany, toOne } from './shared';

/*
 * Estimates: the list is all/page/{p}/perPage/{n}/sort/{dir}/?sortValue (by default page 0,
 * 9999 per page, ascending by name). The service has no list filters: with a filter the whole list
 * is read and filtered here.
 */

export const ESTIMATE_SORT_FIELDS: readonly SchemaEstimateSortField[] = [
  'id',
  'name',
  'status',
  'total',
  'validUntil',
  'createdAt',
];

export function listEstimatesRequest(params: Partial<Pick<GetListParams, 'pagination' | 'sort'>>) {
  const p = Math.max(0, (params.pagination?.page ?? ESTIMATE_LIST_DEFAULTS.page + 1) - 1);
  const n = params.pagination?.perPage ?? ESTIMATE_LIST_DEFAULTS.perPage;
  const dir: 'ASC' | 'DESC' =
    params.sort?.order === 'DESC'
      ? 'DESC'
      : params.sort?.order === 'ASC'
        ? 'ASC'
        : ESTIMATE_LIST_DEFAULTS.sort;
  const sortValue =
    ESTIMATE_SORT_FIELDS.find((f) => f === params.sort?.field) ?? ESTIMATE_LIST_DEFAULTS.sortValue;
  return { path: { p, n, dir }, query: { sortValue } };
}

const hasFilter = (filter: Record<string, unknown> = {}) =>
  Object.values(filter).some((v) => v !== undefined && v !== null && v !== '');

async function listEstimates(params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>) {
  if (!hasFilter(params.filter)) {
    const page = await listEstimatesPage(listEstimatesRequest(params));
    return { data: page.content, total: page.totalElements };
  }
  const all = await everyPage(
    (page, perPage) => listEstimatesPage(listEstimatesRequest({ sort: params.sort, pagination: { page: page + 1, perPage } })),
    ESTIMATE_LIST_DEFAULTS.perPage,
  );
  return localList(all, { filter: params.filter, pagination: params.pagination });
}

const readEstimate = (id: Identifier): Promise<SchemaEstimate> => getEstimate(Number(id));

/** A line of the body: the line input's fields, numbers as numbers (its total is the service's). */
const lineInputOf = inputOf<SchemaEstimateLineInput>(saveEstimateBody.fields.lines.element, {
  id: read.number,
  productId: read.number,
  catalogId: read.number,
  quantity: read.number,
  periodStart: 'form',
  periodEnd: 'form',
  unitPrice: read.number,
  discountPercent: read.number,
  frameIds: (value) => (Array.isArray(value) && value.length ? [...new Set(value.map(Number))] : undefined),
  circuitId: read.number,
});

/** The body's own fields: the estimate's id comes from the path of an update, never from the form. */
const estimateInputOf = inputOf<SchemaEstimateInput>(saveEstimateBody, {
  id: () => undefined,
  name: (value) => String(value ?? '').trim(),
  lines: (value) => (Array.isArray(value) ? value : []).map((line: object) => lineInputOf(line ?? {})),
});

/** POST save?opportunityId&advertiserId&salesId: the three ids as query, the rest as the body (totals are the service's). */
export function estimateSaveOf(data: Record<string, unknown>, id?: Identifier) {
  const body: SchemaEstimateInput = {
    ...estimateInputOf(data),
    ...(id !== undefined && id !== null && id !== '' ? { id: Number(id) } : {}),
  };
  return {
    query: {
      opportunityId: Number(data.opportunityId),
      advertiserId: Number(data.advertiserId),
      salesId: Number(data.salesId),
    },
    body,
  };
}

async function save(data: Record<string, unknown>, id?: Identifier): Promise<SchemaEstimate> {
  const { query, body } = estimateSaveOf(data, id);
  return saveEstimate(query, body);
}

/**
 * The estimate screens' custom methods, reached with `useDataProvider<AppDataProvider>()` (the
 * composite provider routes them by the resource given first).
 */
export interface EstimatesMethods {
  estimateCommission(resource: 'estimates', params: { id: number }): Promise<SchemaCommission>;
  changeEstimateStatus(
    resource: 'estimates',
    params: { id: number; status: SchemaEstimateStatus },
  ): Promise<SchemaEstimate>;
  downloadEstimatePdf(resource: 'estimates', params: { id: number }): Promise<string>;
  /** The estimate duplicated as its next version. */
  reviseEstimate(resource: 'estimates', params: { id: number }): Promise<SchemaEstimate>;
  estimateSalesPeople(resource: 'estimates'): Promise<SchemaSalesPerson[]>;
}

export const estimatesDataProvider: DataProvider & EstimatesMethods = {
  getList: async (_r, params) => toList(await listEstimates(params)),
  async getOne(_r, params) {
    return toOne(await readEstimate(params.id));
  },
  async getMany(_r, params) {
    return toMany(await Promise.all(params.ids.map(readEstimate)));
  },
  async getManyReference(_r, params) {
    if (params.target === 'opportunityId') {
      return toList(localList(await listEstimatesByOpportunity(Number(params.id)), params));
    }
    return toList(await listEstimates({ ...params, filter: { ...params.filter, [params.target]: params.id } }));
  },
  async create(_r, params) {
    return toOne(await save(params.data));
  },
  async update(_r, params) {
    return toOne(await save(params.data, params.id));
  },
  async updateMany() {
    throw new Error('Modifica multipla dei preventivi non prevista');
  },
  async delete(_r, params) {
    await deleteEstimate(Number(params.id));
    return toDeleted(params.id, params.previousData);
  },
  async deleteMany(_r, params) {
    for (const id of params.ids) await deleteEstimate(Number(id));
    return { data: params.ids };
  },
  estimateCommission: (_r, { id }) => calculateCommission(id),
  changeEstimateStatus: (_r, { id, status }) => changeEstimateStatus(id, status),
  downloadEstimatePdf: (_r, { id }) => downloadEstimatePdf(id),
  reviseEstimate: (_r, { id }) => reviseEstimate(id),
  estimateSalesPeople: () => listSalesPeople(),
};
