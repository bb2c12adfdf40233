import type { components } from '../../src/api/generated/device';
import { clock } from '../clock';
import type { Db } from '../db';
import { getRecord, type RecordData } from '../store';
import { systemsByIds } from './systems';

/*
 * A DOOH campaign's proof of play: the screens its confirmed plannings book, the plays each booked
 * slot contracts a day (one per loop while the screen is on) and the plays the play logs record.
 * Days run in Italian time; a day counts once it has ended.
 */

export type ProofOfPlay = components['schemas']['ProofOfPlay'];
type Screen = ProofOfPlay['screens'][number];
type Day = Screen['days'][number];
type Totals = ProofOfPlay['totals'];

export const ZONE = 'Europe/Rome';
/** The hours a player without its own is on. */
export const DEFAULT_HOURS = { opensAt: '06:00', closesAt: '24:00' } as const;
/** The plannings whose faces are booked. */
const BOOKING_STATUSES = ['confirmed', 'closed'];

const DAY_MS = 86_400_000;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const itDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Today in Italian time, on the sandbox's clock. */
export const todayInItaly = (at: Date = clock.now()): string => at.toLocaleDateString('sv-SE', { timeZone: ZONE });

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes a screen is on in a day: from `opensAt` to `closesAt` (24:00 is the day's end). */
export function minutesOn(hours: { opensAt: string; closesAt: string }): number {
  return Math.max(0, minutesOf(hours.closesAt) - minutesOf(hours.opensAt));
}

/** Plays one booked slot contracts in a day: one per loop while the screen is on. */
export function playsPerSlot(hours: { opensAt: string; closesAt: string }, loopSeconds: number): number {
  return Math.floor((minutesOn(hours) * 60) / Math.max(1, loopSeconds));
}

const percent = (delivered: number, contracted: number) => (contracted ? Math.round((delivered / contracted) * 1000) / 10 : null);

function totalsOf(days: readonly Day[]): Totals {
  const contracted = days.reduce((s, d) => s + d.contracted, 0);
  const delivered = days.reduce((s, d) => s + d.delivered, 0);
  return {
    contracted,
    delivered,
    missing: days.reduce((s, d) => s + d.missing, 0),
    deliveredPercent: percent(delivered, contracted),
    audience: days.reduce((s, d) => s + d.audience, 0),
    daysShort: days.filter((d) => d.missing > 0).length,
  };
}

/** A booked digital face of a campaign: the days it is booked and the slots booked each day. */
export interface BookedScreen {
  frameId: number;
  frameName: string;
  systemId: number;
  loopSeconds: number;
  slotSeconds: number;
  /** Slots booked per day (yyyy-mm-dd). */
  slotsByDay: Map<string, number>;
}

/** The campaign's booked faces (confirmed or closed plannings); `digital` tells the screens. */
async function bookedFaces(db: Db, campaignId: number): Promise<{ plannings: number; faces: Array<{ item: RecordData; frame: RecordData; frameId: number }> }> {
  const { rows: plannings } = await db.query<{ id: string }>(
    `SELECT id FROM records WHERE collection = 'plannings' AND data->>'campaignId' = $1 AND data->>'status' = ANY($2::text[])`,
    [String(campaignId), BOOKING_STATUSES],
  );
  if (!plannings.length) return { plannings: 0, faces: [] };
  const { rows } = await db.query<{ item: RecordData; frame: RecordData | null; frame_id: string }>(
    `SELECT i.data AS item, f.data AS frame, f.id AS frame_id FROM records i
       JOIN records f ON f.collection = 'frames' AND f.id = (i.data->>'frameId')::bigint
      WHERE i.collection = 'planningItems' AND (i.data->>'planningId')::bigint = ANY($1::bigint[])
      ORDER BY i.id`,
    [plannings.map((p) => Number(p.id))],
  );
  return { plannings: plannings.length, faces: rows.map((r) => ({ item: r.item, frame: r.frame ?? {}, frameId: Number(r.frame_id) })) };
}

/** The campaign's booked screens, each with its booked days; `reason` says why there are none. */
export async function bookedScreens(db: Db, campaignId: number): Promise<{ screens: BookedScreen[]; reason: string | null }> {
  const { plannings, faces } = await bookedFaces(db, campaignId);
  if (!plannings) return { screens: [], reason: 'La campagna non ha pianificazioni confermate: nessuno schermo è prenotato' };
  const screens = new Map<number, BookedScreen>();
  for (const { item, frame, frameId } of faces) {
    if (frame.digital !== true) continue;
    const screen =
      screens.get(frameId) ??
      {
        frameId,
        frameName: String(frame.name ?? `Faccia ${frameId}`),
        systemId: Number(frame.systemId),
        loopSeconds: Number(frame.loopSeconds ?? 60),
        slotSeconds: Number(frame.slotSeconds ?? 10),
        slotsByDay: new Map<string, number>(),
      };
    screens.set(frameId, screen);
    const end = String(item.periodEnd);
    for (let day = String(item.periodStart); day <= end; day = nextDay(day)) screen.slotsByDay.set(day, (screen.slotsByDay.get(day) ?? 0) + 1);
  }
  if (!screens.size) return { screens: [], reason: 'La campagna non prenota schermi DOOH nelle sue pianificazioni confermate' };
  return { screens: [...screens.values()], reason: null };
}

interface Player {
  id: number;
  serial: string;
  systemId: number;
  hours: { opensAt: string; closesAt: string };
}

/** The players installed on these systems, by id. */
export async function playersOn(db: Db, systemIds: number[]): Promise<Player[]> {
  if (!systemIds.length) return [];
  const { rows } = await db.query<{ id: string; data: RecordData }>(
    `SELECT id, data FROM records WHERE collection = 'devices' AND (data->>'systemId')::bigint = ANY($1::bigint[]) ORDER BY id`,
    [systemIds],
  );
  return rows.map((r) => {
    const hours = r.data.operatingHours as { opensAt?: string; closesAt?: string } | null | undefined;
    return {
      id: Number(r.id),
      serial: String(r.data.serial ?? ''),
      systemId: Number(r.data.systemId),
      hours: hours?.opensAt && hours.closesAt ? { opensAt: hours.opensAt, closesAt: hours.closesAt } : { ...DEFAULT_HOURS },
    };
  });
}

/** Plays and audience of the campaign per device and Italian day, between two days (both included). */
async function playsByDeviceAndDay(db: Db, campaignId: number, deviceIds: number[], first: string, last: string): Promise<Map<string, { plays: number; audience: number }>> {
  const out = new Map<string, { plays: number; audience: number }>();
  if (!deviceIds.length) return out;
  const { rows } = await db.query<{ device_id: string; day: string; plays: string; audience: string | null }>(
    `SELECT device_id, to_char((played_at AT TIME ZONE '${ZONE}')::date, 'YYYY-MM-DD') AS day, count(*) AS plays, sum(audience) AS audience
       FROM play_logs
      WHERE campaign_id = $1 AND device_id = ANY($2::bigint[])
        AND played_at >= ($3::date::timestamp AT TIME ZONE '${ZONE}') AND played_at < (($4::date + 1)::timestamp AT TIME ZONE '${ZONE}')
      GROUP BY 1, 2`,
    [campaignId, deviceIds, first, last],
  );
  for (const r of rows) out.set(`${r.device_id}|${r.day}`, { plays: Number(r.plays), audience: Number(r.audience ?? 0) });
  return out;
}

/** The campaign's proof of play up to the day before `today` (Italian time). `undefined`: no such campaign. */
export async function proofOfPlay(db: Db, campaignId: number, today: string = todayInItaly()): Promise<ProofOfPlay | undefined> {
  const campaign = await getRecord(db, 'campaigns', campaignId);
  if (!campaign) return undefined;
  const advertiser = campaign.advertiserId ? await getRecord(db, 'advertisers', Number(campaign.advertiserId)) : undefined;
  const base = { campaignId, campaignName: String(campaign.name ?? ''), advertiserName: String(advertiser?.name ?? '') };
  const { screens: booked, reason } = await bookedScreens(db, campaignId);
  if (!booked.length) return { ...base, through: null, reason, screens: [], totals: totalsOf([]) };

  const systemIds = [...new Set(booked.map((s) => s.systemId))];
  const systems = new Map((await systemsByIds(db, systemIds)).map((s) => [s.id, s]));
  const players = await playersOn(db, systemIds);
  const allDays = booked.flatMap((s) => [...s.slotsByDay.keys()]).sort();
  const ended = allDays.filter((d) => d < today);
  const through = ended.at(-1) ?? null;
  const plays = through ? await playsByDeviceAndDay(db, campaignId, players.map((p) => p.id), ended[0], through) : new Map();

  const screens: Screen[] = booked.map((b) => {
    const system = systems.get(b.systemId);
    const onSystem = players.filter((p) => p.systemId === b.systemId);
    const hours = onSystem[0]?.hours ?? { ...DEFAULT_HOURS };
    const perSlot = playsPerSlot(hours, b.loopSeconds);
    const bookedDays = [...b.slotsByDay.keys()].sort();
    const days: Day[] = bookedDays
      .filter((d) => d < today)
      .map((day) => {
        const slots = b.slotsByDay.get(day) ?? 1;
        const contracted = slots * perSlot;
        let delivered = 0;
        let audience = 0;
        for (const p of onSystem) {
          const got = plays.get(`${p.id}|${day}`);
          delivered += got?.plays ?? 0;
          audience += got?.audience ?? 0;
        }
        return { day, slots, contracted, delivered, missing: Math.max(0, contracted - delivered), deliveredPercent: percent(delivered, contracted), audience };
      });
    let note: string | null = null;
    if (!onSystem.length) note = "Nessun player installato sull'impianto: nessuna riproduzione può essere registrata";
    else if (!days.length) note = `La trasmissione inizia il ${itDate(bookedDays[0])}: un giorno si conta quando è concluso`;
    return {
      frameId: b.frameId,
      frameName: b.frameName,
      systemId: b.systemId,
      systemCode: system?.code ?? '',
      systemName: system?.name ?? '',
      address: system?.address ?? '',
      municipality: system?.municipality ?? '',
      players: onSystem.map((p) => ({ id: p.id, serial: p.serial })),
      opensAt: hours.opensAt,
      closesAt: hours.closesAt,
      loopSeconds: b.loopSeconds,
      periodStart: bookedDays[0],
      periodEnd: bookedDays.at(-1)!,
      note,
      totals: totalsOf(days),
      days,
    };
  });
  screens.sort((a, b) => a.systemCode.localeCompare(b.systemCode) || a.frameId - b.frameId);
  return {
    ...base,
    through,
    reason: through ? null : `La trasmissione inizia il ${itDate(allDays[0])}: un giorno si conta quando è concluso`,
    screens,
    totals: totalsOf(screens.flatMap((s) => s.days)),
  };
}
