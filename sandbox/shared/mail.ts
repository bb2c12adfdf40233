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
}

/**
 * Sends a mail through the sandbox's mail service with its sender and related record.
 * (`SandboxServices.sendMail` stores every field it is given; its type predates `sentBy` and the
 * object form of `relatedResource`.)
 */
export async function sendMailAs(services: SandboxServices, db: Db, mail: OutgoingMail): Promise<{ id: number }> {
  return services.sendMail(db, mail as unknown as Parameters<SandboxServices['sendMail']>[1]);
}
