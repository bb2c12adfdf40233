import type { components, operations } from '../../src/api/generated/advertiser';
import type { Db } from '../db';
import { HttpError, file, reply, type HandlerContext } from '../http';
import { internalServices } from '../internal';
import { deleteFile, readFile, requireUpload, storeFile } from '../store';
import { defineHandlers } from '../typed';
import { allRows, guardedUpdate, inRecords, insertNumbered, lockVersionOf, oneRow, pageOf, removeRow, saveRow, type Row } from '../store';
import { diff } from '../shared/values';
import type { SeedOptions } from '../seed/options';

/*
 * The advertiser service: advertisers (collection `advertisers`) with their contacts by role and
 * their logo (a file owned by `advertisers`). Every write leaves a history entry: `advertiser` for
 * the advertiser's own fields and logo, `advertiserUser` for its contact people.
 */

type Advertiser = components['schemas']['Advertiser'];
type AdvertiserInput = components['schemas']['AdvertiserInput'];
type UniqueField = components['schemas']['UniqueField'];

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export const BUSINESS_AREAS = [
  'Alimentare',
  'Arredamento',
  'Automobili',
  'Banche e assicurazioni',
  'Bevande',
  'Cosmetica',
  'Editoria e media',
  'Elettronica',
  'Energia',
  'Farmaceutico',
  'Grande distribuzione',
  'Immobiliare',
  'Moda e abbigliamento',
  'Sport',
  'Telecomunicazioni',
  'Turismo',
  // A category faces may exclude (betting near a school): the seed's faces exclude it.
  'Giochi e scommesse',
];

export const CONTACT_ROLES = [
  'Amministratore delegato',
  'Responsabile marketing',
  'Responsabile acquisti media',
  'Brand manager',
  'Ufficio amministrativo',
  'Referente agenzia',
];

const UNIQUE_FIELDS: UniqueField[] = ['name', 'vatNumber', 'fiscalCode', 'email'];

const LABELS: Record<UniqueField, string> = {
  name: 'ragione sociale',
  vatNumber: 'partita IVA',
  fiscalCode: 'codice fiscale',
  email: 'e-mail',
};

/** How a unique field compares: names and e-mails trimmed and case-insensitive, tax codes trimmed and upper-cased. */
export function normalise(field: UniqueField, value: unknown): string {
  const text = String(value ?? '').trim();
  return field === 'name' || field === 'email' ? text.toLowerCase() : text.toUpperCase();
}

export function toAdvertiser(row: Row): Advertiser {
  const out: Advertiser = {
    id: row.id,
    name: String(row.name),
    vatNumber: String(row.vatNumber),
    email: String(row.email),
    businessArea: String(row.businessArea),
    roles: (row.roles as Advertiser['roles']) ?? [],
    createdAt: String(row.createdAt),
    ...lockVersionOf(row),
  };
  for (const k of ['fiscalCode', 'phone', 'address', 'city'] as const) if (row[k]) out[k] = String(row[k]);
  if (row.logoId) out.logoId = Number(row.logoId);
  return out;
}

export async function readAdvertiser(db: Db, id: number): Promise<Advertiser | undefined> {
  const row = await oneRow(db, 'advertisers', id);
  return row ? toAdvertiser(row) : undefined;
}

async function requireAdvertiserRow(db: Db, id: number): Promise<Row> {
  const row = await oneRow(db, 'advertisers', id);
  if (!row) throw new HttpError(404, `Inserzionista ${id} non trovato`);
  return row;
}

async function firstClash(db: Db, input: Partial<AdvertiserInput>, ownId?: number): Promise<UniqueField | undefined> {
  const rows = await allRows(db, 'advertisers');
  for (const field of UNIQUE_FIELDS) {
    const value = input[field];
    if (value === undefined || value === '') continue;
    const wanted = normalise(field, value);
    if (rows.some((r) => r.id !== ownId && r[field] !== undefined && normalise(field, r[field]) === wanted)) return field;
  }
  return undefined;
}

function advertiserData(input: AdvertiserInput): Record<string, unknown> {
  return {
    name: input.name.trim(),
    vatNumber: input.vatNumber,
    fiscalCode: input.fiscalCode,
    email: input.email.trim(),
    phone: input.phone,
    address: input.address,
    city: input.city,
    businessArea: input.businessArea,
    roles: input.roles ?? [],
  };
}

function checkBusinessArea(input: AdvertiserInput) {
  if (!BUSINESS_AREAS.includes(input.businessArea)) {
    throw new HttpError(400, 'Richiesta non valida', { errors: [{ path: '/body/businessArea', message: `settore non previsto: ${input.businessArea}` }] });
  }
  for (const [i, c] of (input.roles ?? []).entries()) {
    if (!CONTACT_ROLES.includes(c.role)) {
      throw new HttpError(400, 'Richiesta non valida', { errors: [{ path: `/body/roles/${i}/role`, message: `ruolo non previsto: ${c.role}` }] });
    }
  }
}

const OWN_FIELDS = ['name', 'vatNumber', 'fiscalCode', 'email', 'phone', 'address', 'city', 'businessArea'];

async function referencesTo(db: Db, advertiserId: number): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM records WHERE collection IN ('opportunities', 'estimates') AND data->>'advertiserId' = $1`,
    [String(advertiserId)],
  );
  return Number(rows[0].n);
}

/** Stores a new logo, deleting the previous one; one history entry. */
async function replaceLogo(ctx: HandlerContext, advertiserId: number) {
  const upload = requireUpload(ctx, LOGO_TYPES);
  return ctx.db.transaction(async (tx) => {
    const row = await requireAdvertiserRow(tx, advertiserId);
    const previous = row.logoId ? Number(row.logoId) : undefined;
    if (previous) await deleteFile(tx, previous);
    const id = await storeFile(tx, { collection: 'advertisers', id: advertiserId }, upload, ctx.user?.username);
    await saveRow(tx, 'advertisers', advertiserId, { ...row, logoId: id });
    await ctx.services.recordHistory(tx, {
      entityType: 'advertiser',
      entityId: advertiserId,
      action: 'update',
      username: ctx.user!.username,
      changes: [{ field: 'logoId', oldValue: previous ?? null, newValue: id }],
    });
    return { id, advertiserId, fileName: upload.fileName, contentType: upload.mediaType as 'image/png', size: upload.size, createdAt: new Date().toISOString() };
  });
}

const byName = (a: Advertiser, b: Advertiser) => a.name.localeCompare(b.name, 'it') || a.id - b.id;

const SORT_FIELDS = ['name', 'businessArea', 'vatNumber', 'email', 'city', 'createdAt'] as const;

/** The order of a list: `sort` (name when absent or unknown) in `sortDir`, ties by id; a missing value sorts first. */
export function advertiserOrder(sort: unknown, sortDir: unknown): (a: Advertiser, b: Advertiser) => number {
  const field = SORT_FIELDS.find((f) => f === sort) ?? 'name';
  const dir = sortDir === 'DESC' ? -1 : 1;
  return (a, b) => (String(a[field] ?? '').localeCompare(String(b[field] ?? ''), 'it', { numeric: true }) || a.id - b.id) * dir;
}

export const handlers = defineHandlers<operations>({
  async listAdvertisers(ctx) {
    return (await allRows(ctx.db, 'advertisers')).map(toAdvertiser).sort(byName);
  },
  async getAdvertiserById(ctx) {
    return toAdvertiser(await requireAdvertiserRow(ctx.db, Number(ctx.query.id)));
  },
  async listAdvertiserNames(ctx) {
    return (await allRows(ctx.db, 'advertisers'))
      .map(toAdvertiser)
      .sort(byName)
      .map((a) => ({ id: a.id, name: a.name }));
  },
  listBusinessAreas: () => BUSINESS_AREAS.map((name, i) => ({ id: i + 1, name })),
  listContactRoles: () => CONTACT_ROLES.map((name, i) => ({ id: i + 1, name })),
  async checkAdvertiserUnicity(ctx) {
    const field = ctx.params.field;
    return { unique: !(await firstClash(ctx.db, { [field]: String(ctx.query.value) } as Partial<AdvertiserInput>)) };
  },
  async listAdvertisersPaginated(ctx) {
    const query = ctx.query as Record<string, unknown>;
    const name = query.name ? String(query.name).trim().toLowerCase() : '';
    const area = query.businessArea ? String(query.businessArea) : '';
    const items = (await allRows(ctx.db, 'advertisers'))
      .map(toAdvertiser)
      .filter((a) => (!name || a.name.toLowerCase().includes(name)) && (!area || a.businessArea === area))
      .sort(advertiserOrder(query.sort, query.sortDir));
    return pageOf(items, Number(ctx.params.p), Number(ctx.params.n));
  },
  async createAdvertiser(ctx) {
    const input = ctx.body;
    checkBusinessArea(input);
    return ctx.db.transaction(async (tx) => {
      const clash = await firstClash(tx, input);
      if (clash) throw new HttpError(409, `Esiste già un inserzionista con questa ${LABELS[clash]}: ${String(input[clash]).trim()}`, { field: clash });
      const data = { ...advertiserData(input), createdAt: new Date().toISOString() };
      const row = await insertNumbered(tx, 'advertisers', data);
      const username = ctx.user!.username;
      await ctx.services.recordHistory(tx, { entityType: 'advertiser', entityId: row.id, action: 'create', username, changes: diff({}, data, OWN_FIELDS) });
      if ((input.roles ?? []).length) {
        await ctx.services.recordHistory(tx, { entityType: 'advertiserUser', entityId: row.id, action: 'create', username, changes: [{ field: 'roles', oldValue: null, newValue: input.roles }] });
      }
      return reply(201, toAdvertiser(row));
    });
  },
  async updateAdvertiser(ctx) {
    const input = ctx.body;
    checkBusinessArea(input);
    return guardedUpdate(ctx, inRecords('advertisers', input.id, 'inserzionista'), async (tx) => {
      const existing = await requireAdvertiserRow(tx, input.id);
      const clash = await firstClash(tx, input, input.id);
      if (clash) throw new HttpError(409, `Esiste già un inserzionista con questa ${LABELS[clash]}: ${String(input[clash]).trim()}`, { field: clash });
      const data = { ...existing, ...advertiserData(input) };
      const row = await saveRow(tx, 'advertisers', input.id, data);
      const username = ctx.user!.username;
      const own = diff(existing, data, OWN_FIELDS);
      if (own.length) await ctx.services.recordHistory(tx, { entityType: 'advertiser', entityId: row.id, action: 'update', username, changes: own });
      const contacts = diff(existing, data, ['roles']);
      if (contacts.length) await ctx.services.recordHistory(tx, { entityType: 'advertiserUser', entityId: row.id, action: 'update', username, changes: contacts });
      return toAdvertiser(row);
    });
  },
  async deleteAdvertiser(ctx) {
    const id = Number(ctx.query.id);
    return ctx.db.transaction(async (tx) => {
      const row = await requireAdvertiserRow(tx, id);
      const refs = await referencesTo(tx, id);
      if (refs) throw new HttpError(409, `L'inserzionista è usato in ${refs} opportunità o preventivi e non può essere eliminato`);
      if (row.logoId) await deleteFile(tx, Number(row.logoId));
      await removeRow(tx, 'advertisers', id);
      await ctx.services.recordHistory(tx, { entityType: 'advertiser', entityId: id, action: 'delete', username: ctx.user!.username });
      return reply(204);
    });
  },
  async getAdvertiserImage(ctx) {
    const id = Number(ctx.params.id);
    const stored = await readFile(ctx.db, id);
    if (!stored || stored.ownerCollection !== 'advertisers') throw new HttpError(404, `Immagine ${id} non trovata`);
    return file(stored.content, stored.mediaType, stored.fileName);
  },
  async uploadAdvertiserImage(ctx) {
    const advertiserId = Number((ctx.body as Record<string, unknown>).advertiserId);
    return reply(201, await replaceLogo(ctx as unknown as HandlerContext, advertiserId));
  },
  async updateAdvertiserLogo(ctx) {
    return replaceLogo(ctx as unknown as HandlerContext, Number(ctx.params.id));
  },
  async deleteAdvertiserImage(ctx) {
    const id = Number(ctx.params.id);
    return ctx.db.transaction(async (tx) => {
      const stored = await readFile(tx, id);
      if (!stored || stored.ownerCollection !== 'advertisers') throw new HttpError(404, `Immagine ${id} non trovata`);
      await deleteFile(tx, id);
      if (stored.ownerId) {
        const row = await oneRow(tx, 'advertisers', stored.ownerId);
        if (row && Number(row.logoId) === id) {
          const { logoId: _drop, ...rest } = row;
          await saveRow(tx, 'advertisers', row.id, rest);
          await ctx.services.recordHistory(tx, {
            entityType: 'advertiser',
            entityId: row.id,
            action: 'update',
            username: ctx.user!.username,
            changes: [{ field: 'logoId', oldValue: id, newValue: null }],
          });
        }
      }
      return reply(204);
    });
  },
});

/* ---------- seed: ~120 Italian advertisers ---------- */

const TRADES: Array<[string, string]> = [
  ['Torrefazione', 'Alimentare'],
  ['Pastificio', 'Alimentare'],
  ['Caseificio', 'Alimentare'],
  ['Gelateria', 'Alimentare'],
  ['Cantine', 'Bevande'],
  ['Birrificio', 'Bevande'],
  ['Acque Minerali', 'Bevande'],
  ['Mobilificio', 'Arredamento'],
  ['Autosalone', 'Automobili'],
  ['Banca Popolare', 'Banche e assicurazioni'],
  ['Assicurazioni', 'Banche e assicurazioni'],
  ['Profumeria', 'Cosmetica'],
  ['Edizioni', 'Editoria e media'],
  ['Elettrodomestici', 'Elettronica'],
  ['Energia', 'Energia'],
  ['Farmacie', 'Farmaceutico'],
  ['Supermercati', 'Grande distribuzione'],
  ['Immobiliare', 'Immobiliare'],
  ['Sartoria', 'Moda e abbigliamento'],
  ['Calzaturificio', 'Moda e abbigliamento'],
  ['Articoli Sportivi', 'Sport'],
  ['Telefonia', 'Telecomunicazioni'],
  ['Viaggi', 'Turismo'],
  ['Hotel', 'Turismo'],
];

const ADJECTIVES = ['Milanese', 'Siciliana', 'Romana', 'Adriatica', 'Toscana', 'Lombarda', 'Veneta', 'Partenopea', 'Ligure', 'Emiliana', 'Sarda', 'Pugliese', 'Alpina', 'Italiana', 'del Garda', 'Tirrenica', 'Friulana', 'Umbra', 'Calabrese', 'Piemontese'];
const FORMS = ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.r.l.'];
const CITIES: Array<[string, string]> = [
  ['Milano', '02'],
  ['Roma', '06'],
  ['Torino', '011'],
  ['Napoli', '081'],
  ['Bologna', '051'],
  ['Firenze', '055'],
  ['Genova', '010'],
  ['Venezia', '041'],
  ['Bari', '080'],
  ['Palermo', '091'],
  ['Verona', '045'],
  ['Cagliari', '070'],
];
const STREETS = ['Via Torino', 'Corso Buenos Aires', 'Via Roma', 'Via Garibaldi', 'Corso Vittorio Emanuele', 'Via Mazzini', 'Viale Europa', 'Via Dante', 'Piazza della Repubblica', 'Via Cavour'];
const FIRST = ['Giulia', 'Luca', 'Marco', 'Chiara', 'Francesca', 'Alessandro', 'Sofia', 'Matteo', 'Elena', 'Davide', 'Martina', 'Lorenzo', 'Valentina', 'Andrea', 'Federica'];
const LAST = ['Bianchi', 'Ferrari', 'Russo', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Costa', 'Giordano'];

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/s\.r\.l\.|s\.p\.a\.|s\.n\.c\./g, '')
    .replace(/[^a-z0-9]+/g, '');

export async function seed(db: Db, { rng, size }: SeedOptions): Promise<void> {
  const count = size === 'large' ? 400 : 120;
  const names = new Set<string>();
  const fixed: Record<number, [string, string, string]> = {
    12: ['Torrefazione Milanese S.r.l.', 'Alimentare', 'Milano'],
    14: ['Gelateria Siciliana S.r.l.', 'Alimentare', 'Palermo'],
  };
  for (const f of Object.values(fixed)) names.add(f[0]);
  for (let id = 1; id <= count; id++) {
    let name: string;
    let area: string;
    let city: string;
    if (fixed[id]) [name, area, city] = fixed[id];
    else {
      do {
        const [trade, a] = rng.pick(TRADES);
        area = a;
        name = `${trade} ${rng.pick(ADJECTIVES)} ${rng.pick(FORMS)}`;
      } while (names.has(name));
      names.add(name);
      city = rng.pick(CITIES)[0];
    }
    const prefix = CITIES.find((c) => c[0] === city)?.[1] ?? '02';
    const domain = `${slug(name)}.it`;
    const vat = String(1234567890 + id * 7919).padStart(11, '0').slice(-11);
    const roles = Array.from({ length: rng.int(1, 3) }, () => {
      const first = rng.pick(FIRST);
      const last = rng.pick(LAST);
      return { name: `${first} ${last}`, role: rng.pick(CONTACT_ROLES), email: `${slug(first)}.${slug(last)}@${domain}` };
    });
    const createdAt = new Date(Date.UTC(2024, rng.int(0, 23), rng.int(1, 28), rng.int(8, 18), rng.int(0, 59))).toISOString();
    const data = {
      name,
      vatNumber: id === 12 ? '01234567890' : vat,
      fiscalCode: id === 12 ? '01234567890' : vat,
      email: `marketing@${domain}`,
      phone: `+39 ${prefix} ${rng.int(1000000, 9999999)}`,
      address: `${rng.pick(STREETS)} ${rng.int(1, 180)}`,
      city,
      businessArea: area,
      roles,
      createdAt,
    };
    const row = await insertNumbered(db, 'advertisers', data);
    await internalServices.recordHistory(db, { entityType: 'advertiser', entityId: row.id, action: 'create', username: rng.pick(['sales', 'salesleader', 'admin']), changes: diff({}, data, OWN_FIELDS) });
    await internalServices.recordHistory(db, { entityType: 'advertiserUser', entityId: row.id, action: 'create', username: 'sales', changes: [{ field: 'roles', oldValue: null, newValue: roles }] });
  }
}
