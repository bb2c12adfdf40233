import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import {
  getOpportunity as getOpportunityById,
  listOpportunitiesByAdvertiser,
  listOpportunitiesPage,
  saveOpportunity,
} from '@/api/opportunity';
import type {
  SchemaOpportunity,
  SchemaOpportunityFilters,
  SchemaOpportunityInput,
  SchemaOpportunitySortField,
} from '@/api/generated/opportunity';
import { OPPORTUNITY_LIST_DEFAULTS } from '@/config/constants';

/*
 * Opportunities: the list is GET /v1/opportunity/list/page/{page}/perPage/{perPage}/sort/{dir}
 * [/sortValue/{field}] with the filters as URL-encoded query parameters (spec §7, §9 defaults).
 */

export const OPPORTUNITY_SORT_FIELDS: readonly SchemaOpportunitySortField[] = [
  'id',
  'name',
  'advertiserName',
  'salesName',
  'status',
  'amount',
  'expectedCloseDate',
  'source',
  'createdAt',
];

const FILTER_KEYS = ['name', 'advertiserId', 'status', 'salesId', 'source'] as const;

/** react-admin's filter → the service's query filters (`q` is the name search; values as strings). */
export function opportunityFiltersOf(filter: Record<string, unknown> = {}): SchemaOpportunityFilters {
  const out: Record<string, string> = {};
  const source: Record<string, unknown> = { ...filter, name: filter.name ?? filter.q };
  for (const key of FILTER_KEYS) {
    const v = source[key];
    if (v !== undefined && v !== null && v !== '') out[key] = String(v);
  }
  return out as SchemaOpportunityFilters;
}

/** The list request: path (page from 0, per page, direction, optional sort field) and query filters. */
export function listOpportunitiesRequest(
  params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>,
) {
  const page = Math.max(0, (params.pagination?.page ?? OPPORTUNITY_LIST_DEFAULTS.page + 1) - 1);
  const perPage = params.pagination?.perPage ?? OPPORTUNITY_LIST_DEFAULTS.perPage;
  const dir: 'ASC' | 'DESC' =
    params.sort?.order === 'ASC'
      ? 'ASC'
      : params.sort?.order === 'DESC'
        ? 'DESC'
        : OPPORTUNITY_LIST_DEFAULTS.sort;
  const field = OPPORTUNITY_SORT_FIELDS.find((f) => f === params.sort?.field);
  return { page, perPage, dir, field, filters: opportunityFiltersOf(params.filter) };
}

async function listOpportunities(params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>) {
  const { page, perPage, dir, field, filters } = listOpportunitiesRequest(params);
  const result = await listOpportunitiesPage({ page, perPage, dir, field }, filters);
  return { data: result.content, total: result.totalElements };
}

const getOpportunity = (id: Identifier): Promise<SchemaOpportunity> => getOpportunityById(Number(id));

const INPUT_FIELDS = [
  'id',
  'name',
  'advertiserId',
  'salesId',
  'status',
  'amount',
  'expectedCloseDate',
  'source',
  'detectionId',
] as const;

/** The body of POST /v1/opportunity/save: the input fields (names are filled in by the service). */
export function opportunityInputOf(data: Record<string, unknown>): SchemaOpportunityInput {
  const out: Record<string, unknown> = {};
  for (const k of INPUT_FIELDS) {
    const v = data[k];
    if (v !== undefined && v !== null && v !== '')
      out[k] = ['id', 'advertiserId', 'salesId', 'amount', 'detectionId'].includes(k) ? Number(v) : v;
  }
  return out as unknown as SchemaOpportunityInput;
}

async function save(data: Record<string, unknown>): Promise<SchemaOpportunity> {
  return saveOpportunity(opportunityInputOf(data));
}

export const opportunitiesDataProvider: DataProvider = {
  getList: (_r, params) => listOpportunities(params) as never,
  async getOne(_r, params) {
    return { data: (await getOpportunity(params.id)) as never };
  },
  async getMany(_r, params) {
    return { data: (await Promise.all(params.ids.map(getOpportunity))) as never[] };
  },
  async getManyReference(_r, params) {
    if (params.target === 'advertiserId') {
      const items = await listOpportunitiesByAdvertiser(Number(params.id));
      const { page, perPage } = params.pagination;
      return { data: items.slice((page - 1) * perPage, page * perPage) as never[], total: items.length };
    }
    return listOpportunities({
      ...params,
      filter: { ...params.filter, [params.target]: params.id },
    }) as never;
  },
  async create(_r, params) {
    const { id: _drop, ...data } = params.data as Record<string, unknown>;
    return { data: (await save(data)) as never };
  },
  async update(_r, params) {
    return { data: (await save({ ...(params.data as Record<string, unknown>), id: params.id })) as never };
  },
  async updateMany() {
    throw new Error('Modifica multipla delle opportunità non prevista');
  },
  async delete() {
    throw new Error('Il servizio opportunità non prevede eliminazioni');
  },
  async deleteMany() {
    throw new Error('Il servizio opportunità non prevede eliminazioni');
  },
};
