import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import {
  calculateCommission,
  changeEstimateStatus,
  downloadEstimatePdf,
  estimateApi,
  listSalesPeople,
} from '@/api/estimate';
import { callOrThrow } from '@/api/http';
import type { SchemaEstimate, SchemaEstimateInput, SchemaEstimateSortField } from '@/api/generated/estimate';
import { ESTIMATE_LIST_DEFAULTS } from '@/config/constants';
import { localList } from './catalogs';

/*
 * Estimates: the list is all/page/{p}/perPage/{n}/sort/{dir}/?sortValue (spec §9 defaults: page 0,
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
    const page = await callOrThrow(
      estimateApi().GET('/all/page/{p}/perPage/{n}/sort/{dir}/', { params: listEstimatesRequest(params) }),
    );
    return { data: page.content, total: page.totalElements };
  }
  const all = await callOrThrow(
    estimateApi().GET('/all/page/{p}/perPage/{n}/sort/{dir}/', {
      params: listEstimatesRequest({
        sort: params.sort,
        pagination: { page: 1, perPage: ESTIMATE_LIST_DEFAULTS.perPage },
      }),
    }),
  );
  return localList(all.content, { filter: params.filter, pagination: params.pagination });
}

const getEstimate = (id: Identifier): Promise<SchemaEstimate> =>
  callOrThrow(estimateApi().GET('/{id}', { params: { path: { id: Number(id) } } }));

const LINE_FIELDS = [
  'id',
  'productId',
  'catalogId',
  'description',
  'quantity',
  'periodStart',
  'periodEnd',
  'unitPrice',
  'discountPercent',
] as const;
const NUMERIC = new Set(['id', 'productId', 'catalogId', 'quantity', 'unitPrice', 'discountPercent']);

/** POST save?opportunityId&advertiserId&salesId: the three ids as query, the rest as the body (totals are the service's). */
export function estimateSaveOf(data: Record<string, unknown>, id?: Identifier) {
  const body: Record<string, unknown> = { name: String(data.name ?? '').trim(), lines: [] };
  if (id !== undefined && id !== null && id !== '') body.id = Number(id);
  for (const k of ['validUntil', 'notes'] as const) if (data[k]) body[k] = data[k];
  body.lines = ((data.lines as Array<Record<string, unknown>> | undefined) ?? []).map((line) => {
    const out: Record<string, unknown> = {};
    for (const k of LINE_FIELDS) {
      const v = line?.[k];
      if (v === undefined || v === null || v === '') continue;
      out[k] = NUMERIC.has(k) ? Number(v) : v;
    }
    return out;
  });
  return {
    query: {
      opportunityId: Number(data.opportunityId),
      advertiserId: Number(data.advertiserId),
      salesId: Number(data.salesId),
    },
    body: body as unknown as SchemaEstimateInput,
  };
}

async function save(data: Record<string, unknown>, id?: Identifier): Promise<SchemaEstimate> {
  const { query, body } = estimateSaveOf(data, id);
  return callOrThrow(estimateApi().POST('/save', { params: { query }, body }));
}

export interface EstimatesDataProvider extends DataProvider {
  commission: typeof calculateCommission;
  changeStatus: typeof changeEstimateStatus;
  downloadPdf: typeof downloadEstimatePdf;
  salesPeople: typeof listSalesPeople;
}

export const estimatesDataProvider: EstimatesDataProvider = {
  getList: (_r, params) => listEstimates(params) as never,
  async getOne(_r, params) {
    return { data: (await getEstimate(params.id)) as never };
  },
  async getMany(_r, params) {
    return { data: (await Promise.all(params.ids.map(getEstimate))) as never[] };
  },
  async getManyReference(_r, params) {
    if (params.target === 'opportunityId') {
      const items = await callOrThrow(
        estimateApi().GET('/getByOpportunityId', { params: { query: { opportunityId: Number(params.id) } } }),
      );
      return localList(items, params) as never;
    }
    return listEstimates({ ...params, filter: { ...params.filter, [params.target]: params.id } }) as never;
  },
  async create(_r, params) {
    return { data: (await save(params.data as Record<string, unknown>)) as never };
  },
  async update(_r, params) {
    return { data: (await save(params.data as Record<string, unknown>, params.id)) as never };
  },
  async updateMany() {
    throw new Error('Modifica multipla dei preventivi non prevista');
  },
  async delete(_r, params) {
    await callOrThrow(estimateApi().DELETE('/delete', { params: { query: { id: Number(params.id) } } }));
    return { data: (params.previousData ?? { id: params.id }) as never };
  },
  async deleteMany(_r, params) {
    for (const id of params.ids)
      await callOrThrow(estimateApi().DELETE('/delete', { params: { query: { id: Number(id) } } }));
    return { data: params.ids };
  },
  commission: calculateCommission,
  changeStatus: changeEstimateStatus,
  downloadPdf: downloadEstimatePdf,
  salesPeople: listSalesPeople,
};
