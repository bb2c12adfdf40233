import type {
  paths,
  SchemaOpportunity,
  SchemaOpportunityFilters,
  SchemaOpportunityInput,
  SchemaOpportunityPage,
  SchemaOpportunitySortField,
} from './generated/opportunity';
import { callOrThrow, lazyClient } from './http';

/** The opportunity service: a typed openapi-fetch client. */
export const opportunityApi = lazyClient<paths>('opportunity');

/** Opportunity filters travel as plain query parameters (`filters` exploded: ?name=…&status=…). */
export const OPPORTUNITY_QUERY_SERIALIZER = { object: { style: 'form', explode: true } } as const;

/** The path of a page of opportunities: page from 0, per page, direction, and the sorted field if any. */
export interface OpportunityPagePath {
  page: number;
  perPage: number;
  dir: 'ASC' | 'DESC';
  field?: SchemaOpportunitySortField;
}

/**
 * GET /v1/opportunity/list/page/{page}/perPage/{perPage}/sort/{dir}[/sortValue/{field}]?filters: a
 * page of opportunities and the total (the sorted field, when given, picks the longer path).
 */
export function listOpportunitiesPage(
  { page, perPage, dir, field }: OpportunityPagePath,
  filters: SchemaOpportunityFilters = {},
): Promise<SchemaOpportunityPage> {
  const query = { filters };
  return field
    ? callOrThrow(
        opportunityApi().GET('/v1/opportunity/list/page/{page}/perPage/{perPage}/sort/{dir}/sortValue/{field}', {
          params: { path: { page, perPage, dir, field }, query },
          querySerializer: OPPORTUNITY_QUERY_SERIALIZER,
        }),
      )
    : callOrThrow(
        opportunityApi().GET('/v1/opportunity/list/page/{page}/perPage/{perPage}/sort/{dir}', {
          params: { path: { page, perPage, dir }, query },
          querySerializer: OPPORTUNITY_QUERY_SERIALIZER,
        }),
      );
}

/** Every opportunity, newest first (the dashboards count them): page 0 of 10000, descending. */
export function listAllOpportunities() {
  return listOpportunitiesPage({ page: 0, perPage: 10000, dir: 'DESC' });
}

/** GET /v1/opportunity/getOpportunityById/{id}: one opportunity. */
export function getOpportunity(id: number): Promise<SchemaOpportunity> {
  return callOrThrow(opportunityApi().GET('/v1/opportunity/getOpportunityById/{id}', { params: { path: { id } } }));
}

/** GET /v1/opportunity/getByAdvertiserId/{id}: every opportunity of an advertiser. */
export function listOpportunitiesByAdvertiser(advertiserId: number): Promise<SchemaOpportunity[]> {
  return callOrThrow(
    opportunityApi().GET('/v1/opportunity/getByAdvertiserId/{id}', { params: { path: { id: advertiserId } } }),
  );
}

/** POST /v1/opportunity/save: creates the opportunity, or updates it when the body has an `id`. */
export function saveOpportunity(body: SchemaOpportunityInput): Promise<SchemaOpportunity> {
  return callOrThrow(opportunityApi().POST('/v1/opportunity/save', { body }));
}
