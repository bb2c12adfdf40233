import type { InternalServices } from './http';
import { insertRecord } from './store';

/**
 * Services the sandbox's services call on each other in-process: the mail outbox and history.
 * They write through the caller's db or transaction, so a write and its history land together.
 */
export const internalServices: InternalServices = {
  async sendMail(db, mail) {
    const record = await insertRecord(db, 'mails', { ...mail, kind: mail.kind ?? 'generic', sentAt: new Date().toISOString() });
    return { id: record.id };
  },
  async recordHistory(db, entry) {
    await insertRecord(db, 'history', { ...entry, timestamp: new Date().toISOString() });
  },
};
