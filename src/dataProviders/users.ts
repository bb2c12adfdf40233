import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import {
  changeOwnPassword,
  createSavedView,
  createUser,
  deleteSavedView,
  deleteUser,
  getOwnProfile,
  getUserById,
  listRoles,
  listSavedViews,
  listUsersPage,
  updateUser,
  uploadOwnAvatar,
} from '@/api/user';
import type {
  SchemaAvatar,
  SchemaChangePasswordInput,
  SchemaRole,
  SchemaRoleInfo,
  SchemaSavedView,
  SchemaSavedViewInput,
  SchemaUser,
  SchemaUserInput,
  SchemaUserProfile,
  SchemaUserUpdate,
} from '@/api/generated/user';
import { createUserBody, listUsersQueryParams, updateUserBody } from '@/api/generated/user.fields';
import { DEFAULT_GROUP } from '@/config/constants';
import { everyPage, fromPage, inputOf, toList, toMany, toOne } from './shared';

/** The fields GET /user/all/page/{page}/perPage/{perPage}/sort/{sort} sorts by (`sortValue`). */
export const USER_SORT_FIELDS = listUsersQueryParams.fields.sortValue.options;
type UserSortField = (typeof USER_SORT_FIELDS)[number];
const DEFAULT_SORT_FIELD: UserSortField = 'username';

/** What react-admin's list asks → the endpoint's path and query (page from 0, direction, field). */
export function listUsersParams({ pagination, sort }: Pick<GetListParams, 'pagination' | 'sort'>) {
  const page = Math.max(0, (pagination?.page ?? 1) - 1);
  const perPage = pagination?.perPage ?? 10;
  const field = (USER_SORT_FIELDS as readonly string[]).includes(sort?.field ?? '')
    ? (sort!.field as UserSortField)
    : DEFAULT_SORT_FIELD;
  const direction: 'ASC' | 'DESC' = sort?.order === 'DESC' ? 'DESC' : 'ASC';
  return { path: { page, perPage, sort: direction }, query: { sortValue: field } };
}

const numericId = (id: Identifier) => Number(id);

/** The body of POST /user/createUser (the group defaults to administrators, enabled to true). */
export const userInputOf = inputOf<SchemaUserInput>(createUserBody, {
  username: 'form',
  password: 'form',
  name: 'form',
  surname: 'form',
  email: 'form',
  role: 'form',
  group: (value) => (typeof value === 'string' && value ? value : DEFAULT_GROUP),
  enabled: (value) => (typeof value === 'boolean' ? value : true),
});

/** The body of POST /user/updateUser?id: only the fields it accepts; an empty password is not sent. */
export const userUpdateOf = inputOf<SchemaUserUpdate>(updateUserBody, { id: () => undefined });

const getUser = (id: Identifier): Promise<SchemaUser> => getUserById(numericId(id));

export type { SchemaRole as UserRole };

const SEARCHED_FIELDS = ['username', 'name', 'surname', 'email'] as const;

/**
 * The user service has no text search, so a `q` filter (the member picker's typing) reads the
 * sorted user list whole and filters it here, then pages the matches the way react-admin asked.
 */
async function searchUsers(q: string, params: GetListParams) {
  const all = await everyPage((page, perPage) => listUsersPage(listUsersParams({ sort: params.sort, pagination: { page: page + 1, perPage } })), 9999);
  const matches = (all as SchemaUser[]).filter((user) =>
    SEARCHED_FIELDS.some((field) =>
      String(user[field] ?? '')
        .toLocaleLowerCase('it')
        .includes(q),
    ),
  );
  const perPage = params.pagination?.perPage ?? 10;
  const start = ((params.pagination?.page ?? 1) - 1) * perPage;
  return { data: matches.slice(start, start + perPage), total: matches.length };
}

/** The user service's calls beyond CRUD (resource `users`). */
export interface UsersMethods {
  userRoles(resource: 'users'): Promise<SchemaRoleInfo[]>;
  /** The signed-in user's own profile (/profile). */
  ownProfile(resource: 'users'): Promise<SchemaUserProfile>;
  /** The signed-in user's password change (a 400: the current password is wrong). */
  changeOwnPassword(resource: 'users', body: SchemaChangePasswordInput): Promise<unknown>;
  /** The signed-in user's new avatar (PNG or JPEG). */
  uploadOwnAvatar(resource: 'users', file: File): Promise<SchemaAvatar>;
  /** The signed-in user's saved views of one list (kept in their preferences). */
  savedViews(resource: 'users', list: string): Promise<SchemaSavedView[]>;
  /** Saves a view of a list (a 409: the name is taken in that list, or the list holds too many). */
  saveView(resource: 'users', view: SchemaSavedViewInput): Promise<SchemaSavedView>;
  /** Deletes one of the signed-in user's saved views. */
  deleteView(resource: 'users', id: number): Promise<SchemaSavedView>;
}

/** react-admin's CRUD contract for `users` over the user service's irregular endpoints. */
export const usersDataProvider: DataProvider & UsersMethods = {
  userRoles: () => listRoles(),
  ownProfile: () => getOwnProfile(),
  changeOwnPassword: (_resource, body) => changeOwnPassword(body),
  uploadOwnAvatar: (_resource, file) => uploadOwnAvatar(file),
  savedViews: (_resource, list) => listSavedViews(list),
  saveView: (_resource, view) => createSavedView(view),
  deleteView: (_resource, id) => deleteSavedView(id),
  async getList(_resource, params) {
    const q = typeof params.filter?.q === 'string' ? params.filter.q.trim().toLocaleLowerCase('it') : '';
    if (q) return toList(await searchUsers(q, params));
    return fromPage(await listUsersPage(listUsersParams(params)));
  },
  async getOne(_resource, params) {
    return toOne(await getUser(params.id));
  },
  async getMany(_resource, params) {
    return toMany(await Promise.all(params.ids.map(getUser)));
  },
  async getManyReference() {
    throw new Error('Il servizio utenti non offre elenchi collegati');
  },
  async create(_resource, params) {
    return toOne(await createUser(userInputOf(params.data)));
  },
  async update(_resource, params) {
    return toOne(await updateUser(numericId(params.id), userUpdateOf(params.data)));
  },
  async updateMany(resource, params) {
    await Promise.all(
      params.ids.map((id) =>
        usersDataProvider.update(resource, { id, data: params.data, previousData: {} as RaRecord }),
      ),
    );
    return { data: params.ids };
  },
  async delete(_resource, params) {
    return toOne(await deleteUser(numericId(params.id)));
  },
  async deleteMany(resource, params) {
    await Promise.all(params.ids.map((id) => usersDataProvider.delete(resource, { id })));
    return { data: params.ids };
  },
};
