import type { components } from '../../src/api/generated/mail';
import type { Db } from '../db';
import type { SandboxServices } from '../http';

/* Mail as the other services send it: through the in-process mail outbox, with links into the app. */

type MailKind = components['schemas']['MailKind'];
type RelatedResource = components['schemas']['RelatedResource'];

/** The app's own origin, for the links mails carry. */
export const APP_ORIGIN = (process.env.SANDBOX_APP_ORIGIN ?? 'http://127.0.0.1:5173').replace(/\/+$/, '');

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  kind: MailKind;
  /** Username of the sender; `system` for mails the services send on their own. */
  sentBy: string;
  relatedResource?: RelatedResource | null;
  /**
   * The secrets the body carries for its recipient alone (a reset, confirmation or share token):
   * the outbox shows the body with each of them hidden.
   */
  secrets?: string[];
}

/** What the outbox shows in place of a secret. */
export const REDACTED = '[riservato]';

/**
 * The link forms whose token is its recipient's secret: a `token=` query (password reset), a signup
 * confirmation (`/user/confirm/<token>`) and a shared link (`…/token/<token>/view`). The same
 * pattern serves JavaScript and PostgreSQL (`SECRET_LINK_SQL`), so that a search never matches a
 * hidden token either.
 */
const SECRET_LINK_SOURCE = '([?&]token=|/user/confirm/|/token/)[A-Za-z0-9_-]+';
export const SECRET_LINK_SQL = SECRET_LINK_SOURCE;

/** The text with its secrets hidden: the ones named, and every token of a known link form. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join(REDACTED);
  return out.replace(new RegExp(SECRET_LINK_SOURCE, 'g'), (_all, prefix: string) => `${prefix}${REDACTED}`);
}

/**
 * Sends a mail through the sandbox's mail service with its sender and related record. The outbox
 * keeps the body with its secrets hidden (`body`, what every listing shows) and, apart, the body as
 * delivered to the recipient (`deliveredBody`), which no operation of the mail service answers.
 * (`SandboxServices.sendMail` stores every field it is given; its type predates `sentBy` and the
 * object form of `relatedResource`.)
 */
export async function sendMailAs(services: SandboxServices, db: Db, outgoing: OutgoingMail): Promise<{ id: number }> {
  const { secrets = [], ...mail } = outgoing;
  const stored = { ...mail, body: redactSecrets(mail.body, secrets), deliveredBody: mail.body };
  return services.sendMail(db, stored as unknown as Parameters<SandboxServices['sendMail']>[1]);
}
