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
import { listOpportunitiesQueryParams, saveOpportunityBody } from '@/api/generated/opportunity.fields';
import { OPPORTUNITY_LIST_DEFAULTS } from '@/config/constants';
import { inputOf, read, savedThrough, toList, toMany, toOne } from './shared';

/*
 * Opportunities: the list is GET /v1/opportunity/list/page/{page}/perPage/{perPage}/sort/{dir}
 * [/sortValue/{field}] with the filters as URL-encoded query parameters; by default page 0, 10 per page, sorted DESC.
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

/** The list's query filters, as the document names them (values as strings). */
const opportunityFilters = inputOf<SchemaOpportunityFilters>(listOpportunitiesQueryParams.fields.filters, {
  name: (value, filter) => {
    const name = value ?? filter.q;
    return name === undefined || name === null || name === '' ? undefined : String(name);
  },
  advertiserId: (value) => (value === undefined || value === null || value === '' ? undefined : String(value)),
  salesId: (value) => (value === undefined || value === null || value === '' ? undefined : String(value)),
});

/** react-admin's filter → the service's query filters (`q` is the name search; values as strings). */
export function opportunityFiltersOf(filter: Record<string, unknown> = {}): SchemaOpportunityFilters {
  return opportunityFilters(filter);
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

/** The body of POST /v1/opportunity/save: the input's fields, numbers as numbers (names are filled in by the service). */
export const opportunityInputOf = inputOf<SchemaOpportunityInput>(saveOpportunityBody, {
  id: read.number,
  name: 'form',
  advertiserId: read.number,
  salesId: read.number,
  status: 'form',
  amount: read.number,
  source: 'form',
  detectionId: read.number,
});

async function save(data: object): Promise<SchemaOpportunity> {
  return saveOpportunity(opportunityInputOf(data));
}

export const opportunitiesDataProvider: DataProvider = {
  getList: async (_r, params) => toList(await listOpportunities(params)),
  async getOne(_r, params) {
    return toOne(await getOpportunity(params.id));
  },
  async getMany(_r, params) {
    return toMany(await Promise.all(params.ids.map(getOpportunity)));
  },
  async getManyReference(_r, params) {
    if (params.target === 'advertiserId') {
      const items = await listOpportunitiesByAdvertiser(Number(params.id));
      const { page, perPage } = params.pagination;
      return toList({ data: items.slice((page - 1) * perPage, page * perPage), total: items.length });
    }
    return toList(
      await listOpportunities({
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      }),
    );
  },
  ...savedThrough(save),
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
