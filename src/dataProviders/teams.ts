import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import { ApiError } from '@/api/http';
import {
  createSystemProvider,
  createTeam,
  deleteSystemProvider,
  deleteTeam,
  getTeam,
  listAllTeams,
  listProviderTypes,
  listSystemProviders,
  listTeamsPage,
  updateSystemProvider,
  updateTeam,
} from '@/api/systems';
import type {
  SchemaSystemProvider,
  SchemaSystemProviderInput,
  SchemaTeam,
  SchemaTeamFilter,
  SchemaTeamInput,
  SchemaTeamProviderType,
} from '@/api/generated/systems';
import { TEAM_SORT_ORDER_DEFAULT } from '@/config/constants';

/*
 * `teams` (provider teams, squadre) and `systemProviders` (a team linked to a system with its
 * duties) over the /team/* operations of the systems service.
 */

export type Team = SchemaTeam;
export type TeamProviderType = SchemaTeamProviderType;
export type SystemProvider = SchemaSystemProvider;

const TEXT_FILTERS = ['companyName', 'address', 'vat', 'mail', 'phone'] as const;
const INPUT_FIELDS = ['companyName', 'address', 'vat', 'providerType', 'mail', 'phone'] as const;

/** What react-admin's list asks → POST /team/list/page/{p}/perPage/{n} (pages from 0) and its filter body. */
export function teamListRequest({
  pagination,
  sort,
  filter = {},
}: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>) {
  const p = Math.max(0, (pagination?.page ?? 1) - 1);
  const n = pagination?.perPage ?? 10;
  const body: SchemaTeamFilter = {
    sortOrder: sort?.order === 'DESC' ? 'DESC' : sort?.order === 'ASC' ? 'ASC' : TEAM_SORT_ORDER_DEFAULT,
  };
  for (const key of TEXT_FILTERS) {
    const value = typeof filter[key] === 'string' ? (filter[key] as string).trim() : '';
    if (value) body[key] = value;
  }
  if (!body.companyName && typeof filter.q === 'string' && filter.q.trim())
    body.companyName = filter.q.trim();
  const types = Array.isArray(filter.providerType)
    ? filter.providerType
    : filter.providerType
      ? [filter.providerType]
      : [];
  if (types.length) body.providerType = [...new Set(types)] as SchemaTeamProviderType[];
  return { path: { p, n }, body };
}

/** A form's data → TeamInput: only its fields; empty optional strings are not sent. */
export function teamInputOf(data: Record<string, unknown>): SchemaTeamInput {
  const out: Record<string, unknown> = {};
  for (const key of INPUT_FIELDS) {
    const value = typeof data[key] === 'string' ? (data[key] as string).trim() : data[key];
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  }
  return out as unknown as SchemaTeamInput;
}

/** The team links of the systems service, reached with `useDataProvider<AppDataProvider>()`. */
export interface TeamsMethods {
  providerTypes(resource: 'teams', params?: Record<string, never>): Promise<TeamProviderType[]>;
  systemProviders(resource: 'teams', params: { systemId: number }): Promise<SystemProvider[]>;
  createSystemProvider(resource: 'teams', params: { data: SchemaSystemProviderInput }): Promise<SystemProvider>;
  updateSystemProvider(resource: 'teams', params: { id: number; data: SchemaSystemProviderInput }): Promise<SystemProvider>;
  deleteSystemProvider(resource: 'teams', params: { id: number }): Promise<unknown>;
}

export const teamsDataProvider: DataProvider & TeamsMethods = {
  async getList(_resource, params) {
    const page = await listTeamsPage(teamListRequest(params));
    return { data: page.content as never[], total: page.totalElements };
  },
  async getOne(_resource, params) {
    return { data: (await getTeam(Number(params.id))) as never };
  },
  async getMany(_resource, params) {
    if (!params.ids.length) return { data: [] };
    const wanted = new Set(params.ids.map(Number));
    return { data: (await listAllTeams()).filter((t) => wanted.has(t.id)) as never[] };
  },
  async getManyReference() {
    throw new ApiError(400, 'Le squadre non si elencano per riferimento: usa i collegamenti agli impianti');
  },
  async create(_resource, params) {
    const created = await createTeam(teamInputOf(params.data as Record<string, unknown>));
    return { data: created as never };
  },
  async update(_resource, params) {
    const updated = await updateTeam(Number(params.id), teamInputOf(params.data as Record<string, unknown>));
    return { data: updated as never };
  },
  async updateMany() {
    throw new ApiError(400, 'Le squadre si modificano una alla volta');
  },
  async delete(_resource, params) {
    return { data: (await deleteTeam(Number(params.id))) as never };
  },
  async deleteMany(_resource, params) {
    const done: Identifier[] = [];
    for (const id of params.ids) {
      await deleteTeam(Number(id));
      done.push(id);
    }
    return { data: done };
  },
  providerTypes: () => listProviderTypes(),
  systemProviders: (_r, { systemId }) => listSystemProviders(systemId),
  createSystemProvider: (_r, { data }) => createSystemProvider(data),
  updateSystemProvider: (_r, { id, data }) => updateSystemProvider(id, data),
  deleteSystemProvider: (_r, { id }) => deleteSystemProvider(id),
};
