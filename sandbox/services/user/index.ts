import type { components, operations } from '../../../src/api/generated/user';
import { ROLES } from '../../../src/auth/roles';
import {
  hashPassword,
  isOAuthClient,
  issueTokens,
  refreshTokens,
  revokeToken,
  revokeUserSessions,
  verifyPassword,
} from '../../auth';
import type { Db } from '../../db';
import { file, HttpError, reply, type HandlerContext } from '../../http';
import { guardedUpdate, inTable, readFile, requireUpload, storeFile } from '../../store';
import type { SeedOptions } from '../../seed/options';
import { assertNewPassword, lockedFor, lockedMessage, recordFailure, recordSuccess } from '../../signin';
import { defineHandlers } from '../../typed';
import { DEMO_PASSWORD, DEMO_USERS } from '../../seed/demoUsers';
import { APP_ORIGIN, sendMailAs } from '../../shared/mail';
import { createView, deleteView, listViews } from './views';
import {
  DEFAULT_SUBSCRIPTION,
  COLUMNS,
  userByName,
  userById,
  requireUserById,
  emailTaken,
  toUser,
  themeOf,
  isUniqueViolation,
  sha256,
  createUserToken,
  checkPassword,
  type UserData,
  type UserRow,
} from './accounts';

/*
 * The user service: sign-in (OAuth2 password and refresh-token grants), profile and preference,
 * password reset / change, signup with confirmation, user management, avatars.
 * Users live in the core table `users` (profile fields in `data`); the single-use tokens of the
 * reset and confirmation mails in `user_tokens` (migration 010), hashed.
 */

type Role = components['schemas']['Role'];
type UserProfile = components['schemas']['UserProfile'];

/** Where the app runs: the links in the mails point there. */

/**
 * What signing up and an admin's new user share: the username and e-mail are free, the password
 * follows the NewPassword rule (also against the account's own names); answers its hash.
 */
async function newAccountHash(
  db: Db,
  input: { username: string; email: string; password: string; name: string; surname: string },
): Promise<string> {
  if (await userByName(db, input.username)) throw new HttpError(409, 'Username già in uso');
  if (await emailTaken(db, input.email)) throw new HttpError(409, 'Indirizzo e-mail già in uso');
  await assertNewPassword(input.password, 'password', [
    input.username,
    input.email,
    input.name,
    input.surname,
  ]);
  return hashPassword(input.password);
}

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const SIGNUP_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const AVATAR_LIMIT_BYTES = 2 * 1024 * 1024;

const MANAGERS: string[] = ['ROLE_ADMIN', 'ROLE_MANAGER'];

type RoleInfo = components['schemas']['RoleInfo'];

/* Keyed by role so the compiler asks for every role of src/auth/roles.ts; the list keeps its order. */
const ROLE_DETAILS: Record<Role, Omit<RoleInfo, 'name'>> = {
  ROLE_ADMIN: { label: 'Super Admin', description: 'Tutti i permessi', color: 'red' },
  ROLE_MANAGER: { label: 'Manager', description: "Gestisce tutti gli utenti dell'azienda", color: 'orange' },
  ROLE_GUEST: { label: 'Guest User', description: 'Regole publisher', color: 'cyan' },
  ROLE_ASSETMANAGER: { label: 'Asset Manager', description: 'Impianti, circuiti e squadre' },
  ROLE_SALES: { label: 'Commerciale', description: 'Campagne, inserzionisti e preventivi' },
  ROLE_SALESLEADER: {
    label: 'Responsabile commerciale',
    description: 'Campagne, inserzionisti e preventivi',
  },
  ROLE_MEDIAMONITOR: { label: 'Media Monitor', description: 'Rilevazioni e analytics' },
  ROLE_PLANNER: { label: 'Pianificatore', description: 'Ordini e opportunità' },
  ROLE_SUPERVISOR: { label: 'Supervisore', description: 'Ordini e opportunità' },
  ROLE_DESIGNER: { label: 'Designer', description: 'Ordini e opportunità' },
};

export const ROLE_INFO: RoleInfo[] = ROLES.map((name) => ({ name, ...ROLE_DETAILS[name] }));

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

const wrongClient = () =>
  reply(
    401,
    { message: 'Autenticazione del client non valida', status: 401 },
    { 'WWW-Authenticate': 'Basic realm="backoffice"', ...NO_STORE },
  );

function invalidGrant(message: string): never {
  throw new HttpError(400, message, { error: 'invalid_grant' });
}

/* ---------- role rules ---------- */

/** A manager manages the company's users, not the super admins (nor makes one). */
function assertMayManage(ctx: HandlerContext, targetRole?: string, newRole?: string) {
  if (ctx.user?.role === 'ROLE_ADMIN') return;
  if (targetRole === 'ROLE_ADMIN' || newRole === 'ROLE_ADMIN') {
    throw new HttpError(403, 'Solo un Super Admin può gestire gli utenti Super Admin');
  }
}

function staffUser(ctx: HandlerContext) {
  if (!ctx.user || ctx.user.kind !== 'user') throw new HttpError(403, 'Operazione non consentita');
  return ctx.user;
}

/* ---------- avatars ---------- */

function sniffImage(content: Buffer): 'image/png' | 'image/jpeg' | undefined {
  if (
    content.length >= 8 &&
    content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff)
    return 'image/jpeg';
  return undefined;
}

/* ---------- handlers ---------- */

const SORT_COLUMNS: Record<string, string> = {
  id: 'id',
  username: 'lower(username)',
  name: `lower(data->>'name')`,
  surname: `lower(data->>'surname')`,
  email: `lower(data->>'email')`,
  role: 'role',
  createdAt: 'created_at',
};

export const handlers = defineHandlers<operations>({
  async issueToken(ctx) {
    if (!isOAuthClient(ctx.headers.authorization)) return wrongClient();
    const form = ctx.body as Record<string, string>;
    if (form.grant_type === 'password') {
      const tooMany = (retryAfter: number) =>
        reply(
          429,
          { message: lockedMessage(retryAfter), status: 429 },
          { 'Retry-After': String(retryAfter), ...NO_STORE },
        );
      const lock = await lockedFor(form.username, ctx.clientAddress);
      if (lock) return tooMany(lock);
      const row = await userByName(ctx.db, form.username);
      if (!(await checkPassword(row, form.password)) || !row) {
        const retryAfter = await recordFailure(form.username, ctx.clientAddress);
        if (retryAfter) return tooMany(retryAfter);
        invalidGrant('Credenziali non valide');
      }
      await recordSuccess(form.username, ctx.clientAddress);
      if (row.data.pendingConfirmation) invalidGrant('Account non ancora confermato');
      if (!row.enabled) invalidGrant('Account disabilitato: rivolgiti a un amministratore');
      const tokens = await issueTokens(ctx.db, row.username);
      return reply(200, tokens, NO_STORE);
    }
    const { rows } = await ctx.db.query<{ kind: string; enabled: boolean | null }>(
      `SELECT s.kind, u.enabled FROM sessions s LEFT JOIN users u ON u.username = s.username WHERE s.refresh_token = $1`,
      [form.refresh_token],
    );
    // Guest tokens are not refreshed: a visitor opens the link again.
    if (!rows[0] || rows[0].kind !== 'user' || !rows[0].enabled)
      invalidGrant('Sessione scaduta, accedi di nuovo');
    const tokens = await ctx.db.transaction((tx) => refreshTokens(tx, form.refresh_token));
    if (!tokens) invalidGrant('Sessione scaduta, accedi di nuovo');
    return reply(200, tokens, NO_STORE);
  },

  async revokeToken(ctx) {
    if (!isOAuthClient(ctx.headers.authorization)) return wrongClient();
    // The same answer whether or not the token was valid: the caller learns nothing about it.
    await revokeToken(ctx.db, (ctx.body as { token: string }).token);
    return reply(200, undefined, NO_STORE);
  },

  async getProfile(ctx) {
    const user = ctx.user!;
    if (user.kind === 'guest') {
      const guest: UserProfile = {
        name: 'Ospite',
        surname: '',
        principal: { username: 'guest', preference: { theme: 'classic' } },
        authorities: [{ authority: 'ROLE_GUEST' }],
        group: 'guests',
      };
      return guest;
    }
    const row = await userByName(ctx.db, user.username);
    if (!row) throw new HttpError(401, 'Autenticazione richiesta o scaduta: accedi di nuovo');
    const profile: UserProfile = {
      id: Number(row.id),
      name: row.data.name ?? '',
      surname: row.data.surname ?? '',
      ...(row.data.email ? { email: row.data.email } : {}),
      avatarId: row.data.avatarId ?? null,
      principal: { username: row.username, preference: { theme: themeOf(row.data) } },
      authorities: [{ authority: row.role as Role }],
      group: row.data.group ?? 'administrators',
      subscription: row.data.subscription ?? DEFAULT_SUBSCRIPTION,
    };
    return profile;
  },

  async updatePreference(ctx) {
    const user = staffUser(ctx as unknown as HandlerContext);
    const theme = ctx.body.theme;
    await ctx.db.query(
      `UPDATE users SET data = jsonb_set(data, '{preference}', COALESCE(data->'preference', '{}'::jsonb) || $2::jsonb), updated_at = now() WHERE username = $1`,
      [user.username, JSON.stringify({ theme })],
    );
    return { theme };
  },

  async listSavedViews(ctx) {
    const user = staffUser(ctx as unknown as HandlerContext);
    return listViews(ctx.db, user.username, ctx.query.list);
  },

  async createSavedView(ctx) {
    const user = staffUser(ctx as unknown as HandlerContext);
    return reply(201, await createView(ctx.db, user.username, ctx.body));
  },

  async deleteSavedView(ctx) {
    const user = staffUser(ctx as unknown as HandlerContext);
    return deleteView(ctx.db, user.username, Number(ctx.params.viewId));
  },

  async requestPasswordReset(ctx) {
    const username = String(ctx.query.username);
    const row = await userByName(ctx.db, username);
    if (row?.data.email) {
      const email = row.data.email;
      await ctx.db.transaction(async (tx) => {
        // Only the newest reset link works.
        await tx.query(
          `DELETE FROM user_tokens WHERE username = $1 AND purpose = 'password-reset' AND used_at IS NULL`,
          [row.username],
        );
        const token = await createUserToken(tx, 'password-reset', row.username, RESET_TOKEN_TTL_SECONDS);
        await sendMailAs(ctx.services, tx, {
          to: email,
          subject: 'Reimpostazione della password',
          body:
            `Buongiorno ${row.data.name ?? row.username},\n\n` +
            `abbiamo ricevuto una richiesta di reimpostazione della password per l'utente ${row.username}.\n` +
            `Per scegliere una nuova password apra il link (valido ${RESET_TOKEN_TTL_SECONDS / 60} minuti): ` +
            `${APP_ORIGIN}/change-password?token=${token}\n\n` +
            'Se non ha chiesto lei la reimpostazione, ignori questa mail: la password resta invariata.',
          kind: 'password-reset',
          secrets: [token],
          sentBy: 'system',
          relatedResource: { resourceType: 'user', resourceId: Number(row.id) },
        });
      });
    }
    return {
      message: "Se l'utente esiste, riceverà una mail con le istruzioni per reimpostare la password.",
    };
  },

  async resetPassword(ctx) {
    const { token, newPassword } = ctx.body;
    await assertNewPassword(newPassword, 'newPassword');
    const hash = await hashPassword(newPassword);
    await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ username: string }>(
        `UPDATE user_tokens SET used_at = now()
          WHERE token_hash = $1 AND purpose = 'password-reset' AND used_at IS NULL AND expires_at > now() RETURNING username`,
        [sha256(token)],
      );
      if (!rows[0]) throw new HttpError(404, 'Token non valido o scaduto');
      const updated = await tx.query(
        'UPDATE users SET password_hash = $2, updated_at = now() WHERE username = $1 RETURNING id',
        [rows[0].username, hash],
      );
      if (!updated.rows.length) throw new HttpError(404, 'Token non valido o scaduto');
      await revokeUserSessions(tx, rows[0].username);
    });
    return { message: 'Password aggiornata correttamente.' };
  },

  async changePassword(ctx) {
    const user = staffUser(ctx as unknown as HandlerContext);
    const { oldPassword, newPassword, newPasswordConfirm } = ctx.body;
    if (newPassword !== newPasswordConfirm) {
      throw new HttpError(400, 'Le nuove password non coincidono', {
        errors: [{ path: '/body/newPasswordConfirm', message: 'deve coincidere con newPassword' }],
      });
    }
    const row = await userByName(ctx.db, user.username);
    if (!row || !(await verifyPassword(oldPassword, row.password_hash))) {
      throw new HttpError(400, 'La password attuale non è corretta', {
        errors: [{ path: '/body/oldPassword', message: 'non corrisponde alla password attuale' }],
      });
    }
    await assertNewPassword(newPassword, 'newPassword', [
      row.username,
      String(row.data.email ?? ''),
      String(row.data.name ?? ''),
      String(row.data.surname ?? ''),
    ]);
    const hash = await hashPassword(newPassword);
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [row.id, hash]);
      // Other sessions end; the one that changed the password goes on.
      await tx.query(
        'UPDATE sessions SET revoked = true WHERE username = $1 AND access_token <> $2 AND NOT revoked',
        [row.username, user.accessToken],
      );
    });
    return { message: 'Password aggiornata correttamente.' };
  },

  async signUp(ctx) {
    const input = ctx.body;
    const hash = await newAccountHash(ctx.db, input);
    const data: UserData = {
      name: input.name,
      surname: input.surname,
      email: input.email,
      group: 'guests',
      preference: { theme: 'classic' },
      avatarId: null,
      pendingConfirmation: true,
      ...(input.companyName ? { companyName: input.companyName } : {}),
    };
    try {
      await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO users (username, password_hash, role, data, enabled) VALUES ($1, $2, 'ROLE_GUEST', $3, false) RETURNING id`,
          [input.username, hash, JSON.stringify(data)],
        );
        const token = await createUserToken(
          tx,
          'signup-confirmation',
          input.username,
          SIGNUP_TOKEN_TTL_SECONDS,
        );
        await sendMailAs(ctx.services, tx, {
          to: input.email,
          subject: 'Conferma la tua registrazione',
          body:
            `Buongiorno ${input.name},\n\n` +
            `grazie per esserti registrato con l'utente ${input.username}.\n` +
            `Per attivare l'account apri il link (valido 7 giorni): ${APP_ORIGIN}/user/confirm/${token}\n\n` +
            'Se non hai chiesto tu la registrazione, ignora questa mail.',
          kind: 'signup-confirmation',
          secrets: [token],
          sentBy: 'system',
          relatedResource: { resourceType: 'user', resourceId: Number(rows[0].id) },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'Username o indirizzo e-mail già in uso');
      throw error;
    }
    return reply(201, {
      username: input.username,
      email: input.email,
      status: 'pending',
      message: 'Registrazione ricevuta: controlla la tua casella di posta per confermarla.',
    });
  },

  async confirmSignup(ctx) {
    const hash = sha256(String(ctx.params.confirmationToken));
    return ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ username: string; used_at: Date | null; expired: boolean }>(
        `SELECT username, used_at, expires_at <= now() AS expired FROM user_tokens WHERE token_hash = $1 AND purpose = 'signup-confirmation'`,
        [hash],
      );
      const token = rows[0];
      if (!token || (!token.used_at && token.expired)) throw new HttpError(404, 'Token non valido o scaduto');
      if (token.used_at) throw new HttpError(409, 'Registrazione già confermata');
      await tx.query('UPDATE user_tokens SET used_at = now() WHERE token_hash = $1', [hash]);
      const { rows: users } = await tx.query<{ username: string; email: string | null }>(
        `UPDATE users SET enabled = true, data = data - 'pendingConfirmation', updated_at = now() WHERE username = $1 RETURNING username, data->>'email' AS email`,
        [token.username],
      );
      if (!users[0]) throw new HttpError(404, 'Token non valido o scaduto');
      return {
        username: users[0].username,
        email: users[0].email ?? '',
        status: 'confirmed' as const,
        message: 'Registrazione confermata: ora puoi accedere.',
      };
    });
  },

  async createUser(ctx) {
    const input = ctx.body;
    assertMayManage(ctx as unknown as HandlerContext, undefined, input.role);
    const hash = await newAccountHash(ctx.db, input);
    const data: UserData = {
      name: input.name,
      surname: input.surname,
      email: input.email,
      group: input.group ?? 'administrators',
      preference: { theme: 'classic' },
      avatarId: null,
      subscription: DEFAULT_SUBSCRIPTION,
    };
    try {
      const { rows } = await ctx.db.query<UserRow>(
        `INSERT INTO users (username, password_hash, role, data, enabled) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
        [input.username, hash, input.role, JSON.stringify(data), input.enabled ?? true],
      );
      return reply(201, toUser(rows[0]));
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'Username o indirizzo e-mail già in uso');
      throw error;
    }
  },

  async updateUser(ctx) {
    const id = Number(ctx.query.id);
    const input = ctx.body;
    if (input.id !== undefined && Number(input.id) !== id) {
      throw new HttpError(400, "L'id nel corpo non coincide con il parametro id", {
        errors: [{ path: '/body/id', message: 'deve coincidere con il parametro id' }],
      });
    }
    const existing = await requireUserById(ctx.db, id);
    assertMayManage(ctx as unknown as HandlerContext, existing.role, input.role);
    if (input.email && (await emailTaken(ctx.db, input.email, id)))
      throw new HttpError(409, 'Indirizzo e-mail già in uso');
    if (input.password)
      await assertNewPassword(input.password, 'password', [
        existing.username,
        input.email ?? '',
        input.name ?? '',
        input.surname ?? '',
      ]);
    const hash = input.password ? await hashPassword(input.password) : undefined;
    const patch: UserData = {};
    for (const key of ['name', 'surname', 'email', 'group'] as const)
      if (input[key] !== undefined) patch[key] = input[key];
    try {
      const row = await guardedUpdate(ctx, inTable('users', 'id', id, 'utente'), async (tx) => {
        const { rows } = await tx.query<UserRow>(
          `UPDATE users SET data = data || $2::jsonb, role = COALESCE($3, role), enabled = COALESCE($4, enabled),
                  password_hash = COALESCE($5, password_hash), updated_at = now()
            WHERE id = $1 RETURNING ${COLUMNS}`,
          [id, JSON.stringify(patch), input.role ?? null, input.enabled ?? null, hash ?? null],
        );
        if (!rows[0]) throw new HttpError(404, 'Utente non trovato');
        // A new password or a disabled account ends the user's sessions.
        if (hash || input.enabled === false) await revokeUserSessions(tx, rows[0].username);
        return toUser(rows[0]);
      });
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'Indirizzo e-mail già in uso');
      throw error;
    }
  },

  async deleteUser(ctx) {
    const id = Number(ctx.query.userId);
    const target = await requireUserById(ctx.db, id);
    if (target.username === ctx.user!.username)
      throw new HttpError(409, 'Non puoi eliminare il tuo stesso utente');
    assertMayManage(ctx as unknown as HandlerContext, target.role);
    return ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRow>(`DELETE FROM users WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
      if (!rows[0]) throw new HttpError(404, 'Utente non trovato');
      await revokeUserSessions(tx, rows[0].username);
      await tx.query('DELETE FROM user_tokens WHERE username = $1', [rows[0].username]);
      await tx.query(`DELETE FROM files WHERE owner_collection = 'users' AND owner_id = $1`, [id]);
      return toUser(rows[0]);
    });
  },

  async getUserById(ctx) {
    const id = Number(ctx.params.id);
    const caller = ctx.user!;
    const row = await userById(ctx.db, id);
    const self = row?.username === caller.username;
    if (!MANAGERS.includes(caller.role) && !self)
      throw new HttpError(403, 'Operazione non consentita per il tuo ruolo');
    if (!row) throw new HttpError(404, 'Utente non trovato');
    return toUser(row);
  },

  async listUsers(ctx) {
    const page = Number(ctx.params.page);
    const perPage = Number(ctx.params.perPage);
    const dir = ctx.params.sort === 'DESC' ? 'DESC' : 'ASC';
    // (typed.ts resolves an optional `query` object to never: read it untyped)
    const { sortValue } = ctx.query as { sortValue?: string };
    const column = SORT_COLUMNS[sortValue ?? 'username'] ?? SORT_COLUMNS.username;
    const { rows } = await ctx.db.query<UserRow>(
      `SELECT ${COLUMNS} FROM users ORDER BY ${column} ${dir} NULLS LAST, id ${dir} LIMIT $1 OFFSET $2`,
      [perPage, page * perPage],
    );
    const total = Number((await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM users')).rows[0].n);
    return {
      content: rows.map(toUser),
      totalElements: total,
      totalPages: Math.ceil(total / perPage),
      number: page,
      size: perPage,
    };
  },

  listRoles: () => ROLE_INFO,

  async uploadAvatar(ctx) {
    const user = staffUser(ctx as unknown as HandlerContext);
    const upload = ctx.files.find((f) => f.fieldName === 'file') ?? ctx.files[0];
    if (upload && upload.size > AVATAR_LIMIT_BYTES)
      throw new HttpError(413, 'Il file supera la dimensione massima di 2 MB');
    const checked = requireUpload(ctx as unknown as HandlerContext, ['image/png', 'image/jpeg']);
    const sniffed = sniffImage(checked.content);
    if (sniffed !== checked.mediaType) throw new HttpError(415, 'Formato non supportato, usare PNG o JPEG');
    const row = await userByName(ctx.db, user.username);
    if (!row) throw new HttpError(401, 'Autenticazione richiesta o scaduta: accedi di nuovo');
    const uploadedAt = new Date().toISOString();
    const avatarId = await ctx.db.transaction(async (tx) => {
      const fileId = await storeFile(
        tx,
        { collection: 'users', id: Number(row.id) },
        { fileName: checked.fileName, mediaType: sniffed, content: checked.content },
        user.username,
      );
      await tx.query(`DELETE FROM files WHERE owner_collection = 'users' AND owner_id = $1 AND id <> $2`, [
        row.id,
        fileId,
      ]);
      await tx.query(
        `UPDATE users SET data = data || jsonb_build_object('avatarId', $2::bigint), updated_at = now() WHERE id = $1`,
        [row.id, fileId],
      );
      return fileId;
    });
    return { id: avatarId, userId: Number(row.id), contentType: sniffed, size: checked.size, uploadedAt };
  },

  async getAvatar(ctx) {
    const stored = await readFile(ctx.db, Number(ctx.params.id));
    if (!stored || stored.ownerCollection !== 'users') throw new HttpError(404, 'Avatar non trovato');
    return file(stored.content, stored.mediaType);
  },
});

/* ---------- seed ---------- */

/** Staff beyond the one demo user per role (password "demo" too). */
const STAFF: Array<[username: string, name: string, surname: string, role: Role, enabled?: false]> = [
  ['chiara.esposito', 'Chiara', 'Esposito', 'ROLE_SALES'],
  ['matteo.russo', 'Matteo', 'Russo', 'ROLE_SALES'],
  ['federica.gallo', 'Federica', 'Gallo', 'ROLE_SALES'],
  ['andrea.lombardi', 'Andrea', 'Lombardi', 'ROLE_SALES'],
  ['valentina.moretti', 'Valentina', 'Moretti', 'ROLE_SALESLEADER'],
  ['simone.barbieri', 'Simone', 'Barbieri', 'ROLE_ASSETMANAGER'],
  ['roberta.fontana', 'Roberta', 'Fontana', 'ROLE_ASSETMANAGER'],
  ['giorgio.santoro', 'Giorgio', 'Santoro', 'ROLE_ASSETMANAGER'],
  ['martina.mariani', 'Martina', 'Mariani', 'ROLE_PLANNER'],
  ['stefano.rinaldi', 'Stefano', 'Rinaldi', 'ROLE_PLANNER'],
  ['ilaria.caruso', 'Ilaria', 'Caruso', 'ROLE_MEDIAMONITOR'],
  ['lorenzo.ferrara', 'Lorenzo', 'Ferrara', 'ROLE_MEDIAMONITOR'],
  ['beatrice.galli', 'Beatrice', 'Galli', 'ROLE_DESIGNER'],
  ['antonio.martini', 'Antonio', 'Martini', 'ROLE_SUPERVISOR'],
  ['silvia.leone', 'Silvia', 'Leone', 'ROLE_MANAGER'],
  ['nicola.longo', 'Nicola', 'Longo', 'ROLE_SALES', false],
];

/** The demo user whose preference is the dark theme (every other user has classic). */
export const DARK_THEME_USER = 'designer';

export async function seed(db: Db, { rng }: SeedOptions): Promise<void> {
  const people = [
    ...DEMO_USERS.map((u) => ({ ...u, enabled: true, createdAt: '2026-01-10T08:00:00.000Z' })),
    ...STAFF.map(([username, name, surname, role, enabled]) => ({
      username,
      name,
      surname,
      role,
      email: `${username}@demo.ooh.it`,
      enabled: enabled ?? true,
      createdAt: new Date(
        Date.UTC(2025, rng.int(2, 11), rng.int(1, 28), rng.int(8, 17), rng.int(0, 59)),
      ).toISOString(),
    })),
  ];
  // Every seeded user has the password "demo": one scrypt hash of it (its own random salt, as any
  // hashPassword) serves them all, and verifies as any other. 26 hashes of 16 MB each were about a
  // second of the seed on two busy cores.
  const hash = await hashPassword(DEMO_PASSWORD);
  const params: unknown[] = [];
  const values = people.map((p) => {
    const data: UserData = {
      name: p.name,
      surname: p.surname,
      email: p.email,
      group: p.role === 'ROLE_GUEST' ? 'guests' : 'administrators',
      preference: { theme: p.username === DARK_THEME_USER ? 'dark' : 'classic' },
      avatarId: null,
      subscription: DEFAULT_SUBSCRIPTION,
    };
    params.push(p.username, hash, p.role, JSON.stringify(data), p.enabled, p.createdAt);
    const n = params.length;
    return `($${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
  });
  // One statement, the rows in the order of `people` (their ids as before).
  await db.query(
    `INSERT INTO users (username, password_hash, role, data, enabled, created_at) VALUES ${values.join(', ')}`,
    params,
  );
}
