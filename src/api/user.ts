import type {
  paths,
  SchemaAvatar,
  SchemaChangePasswordInput,
  SchemaResetPasswordInput,
  SchemaRoleInfo,
  SchemaSavedView,
  SchemaSavedViewInput,
  SchemaSignupInput,
  SchemaUser,
  SchemaUserInput,
  SchemaUserUpdate,
} from './generated/user';
import { OAUTH_CLIENT_AUTHORIZATION } from '@/config/constants';
import { ApiError, callOrThrow, fileForm, lazyClient, upload } from './http';
/** The user service: typed openapi-fetch clients. */
export const userApi = lazyClient<paths>('user');
export const userPublicApi = lazyClient<paths>('user', { public: true });

/*
 * The public calls of the front door (sign-up, its confirmation, the forgotten password), one
 * function per call. Rejections as callOrThrow makes them (ApiError with the status).
 */

/**
 * POST /oauth/revoke (RFC 7009), with the fixed basic client authorization: ends the session of a
 * refresh token, its access token with it. Resolves on the service's 200 (which it answers for an
 * unknown token too); rejects on anything else. Sign-out calls it before clearing the session.
 */
export async function revokeRefreshToken(token: string): Promise<void> {
  const { response } = await userPublicApi().POST('/oauth/revoke', {
    body: { token, token_type_hint: 'refresh_token' },
    bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
    headers: {
      Authorization: `Basic ${btoa(OAUTH_CLIENT_AUTHORIZATION)}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    parseAs: 'text',
  });
  if (!response.ok) throw new ApiError(response.status, `POST /oauth/revoke: ${response.status} ${response.statusText}`);
}

/** POST /prereg/signup: registers an account; a confirmation mail follows. */
export function signUp(body: SchemaSignupInput) {
  return callOrThrow(userPublicApi().POST('/prereg/signup', { body }));
}

/** GET /prereg/confirm/{confirmationToken}: confirms a registration (a token works once: then 409). */
export function confirmSignup(confirmationToken: string) {
  return callOrThrow(
    userPublicApi().GET('/prereg/confirm/{confirmationToken}', { params: { path: { confirmationToken } } }),
  );
}

/** POST /user/forgotPassword?username: mails a reset link (the same answer whether or not the user exists). */
export function requestPasswordReset(username: string) {
  return callOrThrow(userPublicApi().POST('/user/forgotPassword', { params: { query: { username } } }));
}

/** POST /user/savePassword: the new password, with the reset mail's token (404: unknown or used token). */
export function resetPassword(body: SchemaResetPasswordInput) {
  return callOrThrow(userPublicApi().POST('/user/savePassword', { body }));
}

/** POST /user/new-password: the signed-in user's own password change (400: the current password is wrong). */
export function changeOwnPassword(body: SchemaChangePasswordInput) {
  return callOrThrow(userApi().POST('/user/new-password', { body }));
}

/** GET /user/profile: the signed-in user's own profile (identity, role, avatar id, preferences). */
export function getOwnProfile() {
  return callOrThrow(userApi().GET('/user/profile'));
}

/** POST /user/uploadAvatar (multipart `file`): the signed-in user's new avatar. */
export function uploadOwnAvatar(file: File): Promise<SchemaAvatar> {
  return upload<SchemaAvatar>('user', '/user/uploadAvatar', fileForm(file));
}

/* ---------- users (staff administration) ---------- */

/** The path and query of the users page: page from 0, per page, direction, the sorted field. */
export type UsersPageParams = paths['/user/all/page/{page}/perPage/{perPage}/sort/{sort}']['get']['parameters'];

/** GET /user/all/page/{page}/perPage/{perPage}/sort/{sort}?sortValue: a page of users and the total. */
export function listUsersPage(params: Pick<UsersPageParams, 'path' | 'query'>) {
  return callOrThrow(userApi().GET('/user/all/page/{page}/perPage/{perPage}/sort/{sort}', { params }));
}

/** GET /user/getUserById/{id}: one user. */
export function getUserById(id: number): Promise<SchemaUser> {
  return callOrThrow(userApi().GET('/user/getUserById/{id}', { params: { path: { id } } }));
}

/** GET /user/getAllRole: the roles with their labels (admin and manager only). */
export function listRoles(): Promise<SchemaRoleInfo[]> {
  return callOrThrow(userApi().GET('/user/getAllRole'));
}

/** POST /user/createUser: the new user. */
export function createUser(body: SchemaUserInput) {
  return callOrThrow(userApi().POST('/user/createUser', { body }));
}

/** POST /user/updateUser?id: the changed fields of a user (an absent password stays as it is). */
export function updateUser(id: number, body: SchemaUserUpdate) {
  return callOrThrow(userApi().POST('/user/updateUser', { params: { query: { id } }, body }));
}

/** DELETE /user/deleteUser?userId. */
export function deleteUser(userId: number) {
  return callOrThrow(userApi().DELETE('/user/deleteUser', { params: { query: { userId } } }));
}

/* ---------- saved list views (the signed-in user's preferences) ---------- */

/** GET /user/preference/views?list: the signed-in user's saved views of one list, oldest first. */
export function listSavedViews(list: string): Promise<SchemaSavedView[]> {
  return callOrThrow(userApi().GET('/user/preference/views', { params: { query: { list } } }));
}

/** POST /user/preference/views: saves a view (409: the name is taken in this list, or the list is full). */
export function createSavedView(body: SchemaSavedViewInput): Promise<SchemaSavedView> {
  return callOrThrow(userApi().POST('/user/preference/views', { body }));
}

/** DELETE /user/preference/views/{viewId}: deletes one of the signed-in user's views. */
export function deleteSavedView(id: number): Promise<SchemaSavedView> {
  return callOrThrow(userApi().DELETE('/user/preference/views/{viewId}', { params: { path: { viewId: id } } }));
}
