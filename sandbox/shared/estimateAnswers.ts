import type { components } from '../../src/api/generated/estimate';
import { EstimateStatusLabels, EstimateStatusTransitions } from '../../src/api/generated/estimate.rules';
import type { Db } from '../db';
import { HttpError } from '../http';
import { oneRow, saveRow, type Row } from '../store';
import { notify, usernamesByIds } from './notices';
import { checkMove } from './transitions';

/*
 * The client's answers to an estimate shared by link (acceptance, request for changes) and the
 * chain of its versions: the estimate service and the share service both read these.
 */

type Status = components['schemas']['EstimateStatus'];
const RULES = { transitions: EstimateStatusTransitions, labels: EstimateStatusLabels };

/** The newest version of an estimate: following `replacedById` from it (itself when never revised). */
export async function latestVersionId(db: Db, id: number): Promise<number> {
  let current = id;
  for (let hops = 0; hops < 1000; hops++) {
    const row = await oneRow(db, 'estimates', current);
    const next = Number(row?.replacedById ?? 0);
    if (!next) return current;
    current = next;
  }
  return current;
}

/** The last day an offer is valid (`validUntil`) is over, by the sandbox's clock in Rome. */
export function offerExpired(e: { validUntil?: string }, now: Date): boolean {
  if (!e.validUntil) return false;
  const today = now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
  return e.validUntil < today;
}

const dayIt = (day: string) => day.split('-').reverse().join('/');

export type ClientAnswer =
  | { kind: 'accepted'; name: string; role: string; at: string; address?: string }
  | { kind: 'changes'; name: string; note: string; at: string; address?: string };

/**
 * The client's answer through a shared link: an acceptance moves the estimate from sent to accepted
 * (the generated rules; 409 from any other status) and is recorded on it; a request for changes is
 * added to its list and leaves its status. Both need the estimate sent and its offer still valid
 * (422 past its `validUntil` day, telling the client to contact the seller).
 */
export async function recordClientAnswer(db: Db, id: number, answer: ClientAnswer, now: Date): Promise<Row> {
  const row = await oneRow(db, 'estimates', id);
  if (!row) throw new HttpError(404, `Preventivo ${id} non trovato`);
  const e = { status: row.status as Status, validUntil: row.validUntil ? String(row.validUntil) : undefined };
  if (answer.kind === 'accepted') checkMove(RULES, e.status, 'accepted');
  else if (e.status !== 'sent') throw new HttpError(409, `Il preventivo non attende una risposta (stato: «${EstimateStatusLabels[e.status]}»)`);
  if (offerExpired(e, now)) {
    throw new HttpError(422, `L'offerta è scaduta il ${dayIt(e.validUntil!)}: contatti il venditore per un'offerta aggiornata`);
  }
  let saved: Row;
  if (answer.kind === 'accepted') {
    const acceptance = { name: answer.name, role: answer.role, acceptedAt: answer.at, ...(answer.address ? { address: answer.address } : {}) };
    saved = await saveRow(db, 'estimates', id, { ...row, status: 'accepted', acceptance });
  } else {
    const request = { name: answer.name, note: answer.note, requestedAt: answer.at, ...(answer.address ? { address: answer.address } : {}) };
    const changeRequests = [...((row.changeRequests as unknown[] | undefined) ?? []), request];
    saved = await saveRow(db, 'estimates', id, { ...row, changeRequests });
  }
  await noticeSeller(db, id, row, answer);
  return saved;
}

/** The estimate's seller hears of the client's answer in the inbox, with a link to the estimate. */
async function noticeSeller(db: Db, id: number, row: Row, answer: ClientAnswer): Promise<void> {
  const title = `Preventivo ${id} - ${String(row.name ?? '')}`;
  const message =
    answer.kind === 'accepted'
      ? `${answer.name}${answer.role ? ` (${answer.role})` : ''} ha accettato l'offerta ${title}`
      : `${answer.name} chiede modifiche all'offerta ${title}: ${answer.note}`;
  for (const username of await usernamesByIds(db, [Number(row.salesId)].filter((n) => n > 0))) {
    await notify(db, { username, kind: answer.kind === 'accepted' ? 'offerAccepted' : 'changesRequested', message, link: `/estimates/manage?id=${id}` });
  }
}

