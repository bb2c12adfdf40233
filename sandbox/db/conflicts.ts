import { HttpError, type Handler, type ServiceHandlers } from '../http';

/*
 * A unique rule the database enforces answers 409 with an Italian message, never 500: handlers
 * check the rules first and answer their own message, and when two requests side by side both
 * pass that check the unique index refuses the second one here.
 */

interface UniqueRule {
  message: (value: string) => string;
  /** The request field the rule is about, for the Error schema's `errors` list. */
  path?: string;
}

/** The unique indexes and constraints of the migrations, by name. */
export const UNIQUE_RULES: Readonly<Record<string, UniqueRule>> = {
  systems_code_key: { message: (v) => `Il codice ${v} è già in uso`, path: '/body/code' },
  system_types_code_key: { message: (v) => `Esiste già un tipo di impianto con codice ${v}` },
  users_username_key: { message: () => 'Username già in uso' },
  users_email_unique: { message: () => 'Indirizzo e-mail già in uso' },
  records_products_code: { message: (v) => `Esiste già un prodotto con codice ${v}`, path: '/body/code' },
  records_scheduler_events_name: { message: () => 'Esiste già un evento con questo nome' },
  records_shares_token: { message: () => 'Il link condiviso esiste già: riprova' },
  audit_subitems_name: { message: (v) => `Esiste già un valore «${v}»` },
  audit_subitems_pkey: { message: () => 'Il valore è stato appena creato da un’altra richiesta: riprova' },
  audit_agents_full_name: { message: (v) => `Esiste già un agente ${v}` },
  records_advertisers_name: { message: (v) => `Esiste già un inserzionista con questa ragione sociale: ${v}`, path: '/body/name' },
  records_advertisers_vat: { message: (v) => `Esiste già un inserzionista con questa partita IVA: ${v}`, path: '/body/vatNumber' },
  records_advertisers_fiscal_code: { message: (v) => `Esiste già un inserzionista con questo codice fiscale: ${v}`, path: '/body/fiscalCode' },
  records_catalogs_name: { message: (v) => `Esiste già un listino di nome ${v}`, path: '/body/name' },
  records_teams_vat_unique: { message: (v) => `La partita IVA ${v} è già in uso`, path: '/body/vat' },
  records_system_providers_link: { message: () => 'La squadra è già collegata a questo impianto' },
  records_circuits_name: { message: () => 'Esiste già un circuito di questo tipo con questo nome', path: '/body/name' },
  records_frames_position: { message: () => "L'impianto ha già un frame in questa posizione", path: '/body/position' },
  records_devices_serial_unique: { message: (v) => `Esiste già un dispositivo con seriale ${v}`, path: '/body/serial' },
  records_campaign_members_user: { message: () => "L'utente è già membro della campagna" },
  records_order_campaigns_link: { message: () => "La campagna è già collegata all'ordine" },
};

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

const pgError = (error: unknown): PgError | undefined => (error && typeof error === 'object' ? (error as PgError) : undefined);

export const isUniqueViolation = (error: unknown) => pgError(error)?.code === '23505';

/** The value of the key a unique violation names (`Key (lower(name))=(foo) already exists.` → `foo`). */
export function violatedValue(detail: string | undefined): string {
  const match = /\)=\((.*)\) already exists/s.exec(detail ?? '');
  return match ? match[1] : '';
}

/** The 409 of a unique violation, or undefined for any other error. */
export function conflictOf(error: unknown): HttpError | undefined {
  const e = pgError(error);
  if (e?.code !== '23505') return undefined;
  const rule = e.constraint ? UNIQUE_RULES[e.constraint] : undefined;
  const message = rule ? rule.message(violatedValue(e.detail)).replace(/[:\s]+$/, '') : 'Esiste già un elemento con questi dati';
  return new HttpError(409, message, rule?.path ? { errors: [{ path: rule.path, message }] } : undefined);
}

/** The handler, with a unique violation it lets through answered as 409. */
export function answeringConflicts(handler: Handler): Handler {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } catch (error) {
      throw conflictOf(error) ?? error;
    }
  };
}

export function answeringConflictsAll(handlers: ServiceHandlers): ServiceHandlers {
  return Object.fromEntries(Object.entries(handlers).map(([operationId, handler]) => [operationId, answeringConflicts(handler)]));
}
