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
import { createTeamBody, listTeamsPageBody } from '@/api/generated/systems.fields';
import { TEAM_SORT_ORDER_DEFAULT } from '@/config/constants';
import { fromPage, inputOf, toMany, toOne } from './shared';

/*
 * `teams` (provider teams, squadre) and `systemProviders` (a team linked to a system with its
 * duties) over the /team/* operations of the systems service.
 */

export type Team = SchemaTeam;
export type TeamProviderType = SchemaTeamProviderType;
export type SystemProvider = SchemaSystemProvider;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The list's filters as TeamFilter names them: text trimmed, `q` the company name, each service once. */
const teamFilterOf = inputOf<SchemaTeamFilter>(listTeamsPageBody, {
  companyName: (value, filter) => text(value) ?? text(filter.q),
  address: text,
  vat: text,
  mail: text,
  phone: text,
  providerType: (value) => {
    const types: SchemaTeamProviderType[] = Array.isArray(value) ? value : value ? [value] : [];
    return types.length ? [...new Set(types)] : undefined;
  },
  sortOrder: () => undefined,
});

/** What react-admin's list asks → POST /team/list/page/{p}/perPage/{n} (pages from 0) and its filter body. */
export function teamListRequest({
  pagination,
  sort,
  filter = {},
}: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>) {
  const p = Math.max(0, (pagination?.page ?? 1) - 1);
  const n = pagination?.perPage ?? 10;
  const body: SchemaTeamFilter = {
    ...teamFilterOf(filter),
    sortOrder: sort?.order === 'DESC' ? 'DESC' : sort?.order === 'ASC' ? 'ASC' : TEAM_SORT_ORDER_DEFAULT,
  };
  return { path: { p, n }, body };
}

/** A form's data → TeamInput: only its fields; empty optional strings are not sent. */
export const teamInputOf = inputOf<SchemaTeamInput>(
  createTeamBody,
  { companyName: 'form', vat: 'form', providerType: 'form', mail: 'form' },
  { trim: true },
);

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
    return fromPage(await listTeamsPage(teamListRequest(params)));
  },
  async getOne(_resource, params) {
    return toOne(await getTeam(Number(params.id)));
  },
  async getMany(_resource, params) {
    if (!params.ids.length) return { data: [] };
    const wanted = new Set(params.ids.map(Number));
    return toMany((await listAllTeams()).filter((t) => wanted.has(t.id)));
  },
  async getManyReference() {
    throw new ApiError(400, 'Le squadre non si elencano per riferimento: usa i collegamenti agli impianti');
  },
  async create(_resource, params) {
    return toOne(await createTeam(teamInputOf(params.data)));
  },
  async update(_resource, params) {
    return toOne(await updateTeam(Number(params.id), teamInputOf(params.data)));
  },
  async updateMany() {
    throw new ApiError(400, 'Le squadre si modificano una alla volta');
  },
  async delete(_resource, params) {
    return toOne(await deleteTeam(Number(params.id)));
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
