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
  saveEstimate,
} from '@/api/estimate';
import type {
  SchemaCommission,
  SchemaEstimate,
  SchemaEstimateInput,
  SchemaEstimateSortField,
  SchemaEstimateStatus,
  SchemaSalesPerson,
} from '@/api/generated/estimate';
import { ESTIMATE_LIST_DEFAULTS } from '@/config/constants';
import { localList } from './shared';

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
    const page = await listEstimatesPage(listEstimatesRequest(params));
    return { data: page.content, total: page.totalElements };
  }
  const all = await listEstimatesPage(
    listEstimatesRequest({
      sort: params.sort,
      pagination: { page: 1, perPage: ESTIMATE_LIST_DEFAULTS.perPage },
    }),
  );
  return localList(all.content, { filter: params.filter, pagination: params.pagination });
}

const readEstimate = (id: Identifier): Promise<SchemaEstimate> => getEstimate(Number(id));

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
  estimateSalesPeople(resource: 'estimates'): Promise<SchemaSalesPerson[]>;
}

export const estimatesDataProvider: DataProvider & EstimatesMethods = {
  getList: (_r, params) => listEstimates(params) as never,
  async getOne(_r, params) {
    return { data: (await readEstimate(params.id)) as never };
  },
  async getMany(_r, params) {
    return { data: (await Promise.all(params.ids.map(readEstimate))) as never[] };
  },
  async getManyReference(_r, params) {
    if (params.target === 'opportunityId') {
      return localList(await listEstimatesByOpportunity(Number(params.id)), params) as never;
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
    await deleteEstimate(Number(params.id));
    return { data: (params.previousData ?? { id: params.id }) as never };
  },
  async deleteMany(_r, params) {
    for (const id of params.ids) await deleteEstimate(Number(id));
    return { data: params.ids };
  },
  estimateCommission: (_r, { id }) => calculateCommission(id),
  changeEstimateStatus: (_r, { id, status }) => changeEstimateStatus(id, status),
  downloadEstimatePdf: (_r, { id }) => downloadEstimatePdf(id),
  estimateSalesPeople: () => listSalesPeople(),
};
