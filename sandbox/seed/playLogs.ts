import type { Rng } from './random';

/*
 * The DOOH play logs of the seed: a sample of the plays of two years, shaped like a real network's.
 * Each device stands in a kind of place (station, shopping centre, street, airport) that sets its
 * weekly rhythm, its hours and the people in front of it; devices differ in traffic and some are
 * down for a while; campaigns run in flights (a few weeks on part of the network) with their own
 * intensity, a little more in December and less in August. Everything comes from the seed's
 * random generator, so the same seed and the same end day give the same plays.
 */

interface Venue {
  name: string;
  /** Monday … Sunday. */
  week: [number, number, number, number, number, number, number];
  /** Relative plays in each hour 0…23 (zero: the screen is off). */
  hours: number[];
  /** People reached by one play at an average hour: [min, max]. */
  audience: [number, number];
}

const hoursOf = (spec: Array<[from: number, to: number, weight: number]>) => {
  const hours = new Array<number>(24).fill(0);
  for (const [from, to, weight] of spec) for (let h = from; h <= to; h++) hours[h] = weight;
  return hours;
};

export const VENUES: Venue[] = [
  { name: 'stazione', week: [1.15, 1.15, 1.1, 1.1, 1.2, 0.7, 0.55], hours: hoursOf([[5, 6, 1], [7, 9, 4], [10, 16, 1.6], [17, 19, 3.6], [20, 23, 0.9]]), audience: [70, 160] },
  { name: 'centro commerciale', week: [0.75, 0.8, 0.85, 0.9, 1.05, 1.6, 1.35], hours: hoursOf([[9, 11, 1], [12, 14, 1.8], [15, 16, 1.5], [17, 19, 2.6], [20, 21, 1.2]]), audience: [30, 90] },
  { name: 'strada', week: [1, 1, 1, 1, 1.1, 0.95, 0.75], hours: hoursOf([[6, 7, 0.8], [8, 9, 1.8], [10, 12, 1.3], [13, 14, 1.6], [15, 17, 1.3], [18, 20, 1.9], [21, 23, 0.7]]), audience: [20, 70] },
  { name: 'aeroporto', week: [1.05, 0.95, 0.95, 1, 1.2, 1.1, 1.1], hours: hoursOf([[5, 7, 1.8], [8, 13, 1.4], [14, 16, 1.2], [17, 21, 1.7], [22, 23, 0.6]]), audience: [40, 120] },
];

/** A little more in December (Christmas), less in August (holidays), a slow January. */
const MONTH = [0.85, 0.95, 1, 1, 1.05, 1, 0.9, 0.7, 1, 1.05, 1.1, 1.3];

export interface PlayLogInput {
  deviceIds: number[];
  /** The campaigns that run on the network, each with its creatives (any creative when it has none). */
  campaigns: Array<{ id: number; creativeIds: number[] }>;
  creativeIds: number[];
  /** The day after the last day of plays, at 00:00 UTC. */
  end: Date;
  days: number;
  rng: Rng;
  /** Sampled plays per device over the whole window, on average: the size of the sample. */
  playsPerDevice?: number;
}

/** The plays as columns, ready for one `unnest` insert. */
export interface PlayLogColumns {
  deviceId: number[];
  campaignId: number[];
  creativeId: number[];
  playedAt: string[];
  durationSeconds: number[];
  audience: number[];
  /** The kind of place of each device (what shapes its week and its hours). */
  venueOf: Record<number, string>;
}

const DAY = 86_400_000;

function weightedIndex(weights: number[], r: number): number {
  const total = weights.reduce((s, w) => s + w, 0);
  let x = r * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i];
    if (x < 0) return i;
  }
  return weights.length - 1;
}

interface Flight {
  campaignId: number;
  creatives: number[];
  seconds: number;
  start: number;
  length: number;
  onAir: Device[];
  intensity: number;
}

interface Device {
  id: number;
  venue: Venue;
  traffic: number;
  down?: { from: number; to: number };
}

function flightsOf({ campaigns, creativeIds, days, rng }: PlayLogInput, devices: Device[]): Flight[] {
  const flights: Flight[] = [];
  for (const [index, campaign] of campaigns.entries()) {
    const creatives = campaign.creativeIds.length ? campaign.creativeIds : rng.sample(creativeIds.length ? creativeIds : [1], 2);
    const seconds = rng.pick([10, 15, 20, 30]);
    const count = rng.int(3, 6);
    for (let f = 0; f < count; f++) {
      const length = rng.int(14, 42);
      // The first two campaigns are on air up to the last day, as running campaigns are; the third
      // was on air on the first day of the window.
      const start = f === 0 && index < 2 ? days - length : f === 0 && index === 2 ? 0 : rng.int(0, days - length);
      const share = 0.15 + 0.45 * rng.next();
      flights.push({ campaignId: campaign.id, creatives, seconds, start, length, onAir: devices.filter(() => rng.chance(share)), intensity: 0.6 + 0.8 * rng.next() });
    }
  }
  return flights;
}

export function planPlayLogs(input: PlayLogInput): PlayLogColumns {
  const { deviceIds, campaigns, end, days, rng, playsPerDevice = 130 } = input;
  const out: PlayLogColumns = { deviceId: [], campaignId: [], creativeId: [], playedAt: [], durationSeconds: [], audience: [], venueOf: {} };
  if (!deviceIds.length || !campaigns.length) return out;
  const first = end.getTime() - days * DAY;
  const devices: Device[] = deviceIds.map((id) => {
    const u = rng.next();
    const down = rng.chance(0.12) ? rng.int(0, days - 1) : -1;
    // Few busy screens, many quiet ones.
    return { id, venue: rng.pick(VENUES), traffic: 0.3 + 2.2 * u * u, down: down < 0 ? undefined : { from: down, to: down + rng.int(3, 20) } };
  });
  for (const d of devices) out.venueOf[d.id] = d.venue.name;
  const flights = flightsOf(input, devices);
  // The sample's size follows the network, not the number of campaigns: the rate is set so the
  // expected total is `playsPerDevice` for each device.
  const weight = flights.reduce((s, f) => s + f.length * f.intensity * f.onAir.reduce((t, d) => t + d.traffic, 0), 0);
  const rate = weight ? (playsPerDevice * devices.length) / weight : 0;
  for (const flight of flights) {
    for (let d = flight.start; d < flight.start + flight.length; d++) {
      const date = new Date(first + d * DAY);
      const weekday = (date.getUTCDay() + 6) % 7;
      const month = MONTH[date.getUTCMonth()];
      for (const device of flight.onAir) {
        if (device.down && d >= device.down.from && d <= device.down.to) continue;
        const expected = rate * device.traffic * device.venue.week[weekday] * month * flight.intensity;
        // Stochastic rounding keeps the expected count without drawing a Poisson variable.
        const plays = Math.floor(expected + rng.next());
        for (let p = 0; p < plays; p++) {
          const hour = weightedIndex(device.venue.hours, rng.next());
          const [low, high] = device.venue.audience;
          const peak = device.venue.hours[hour] / 1.5;
          out.deviceId.push(device.id);
          out.campaignId.push(flight.campaignId);
          out.creativeId.push(rng.pick(flight.creatives));
          out.playedAt.push(new Date(date.getTime() + hour * 3_600_000 + rng.int(0, 3599) * 1000).toISOString());
          out.durationSeconds.push(flight.seconds);
          out.audience.push(Math.round((low + (high - low) * rng.next()) * (0.6 + 0.4 * peak) * Math.sqrt(device.traffic)));
        }
      }
    }
  }
  return out;
}

/* ---------- the complete plays of a booked screen (the proof-of-play demo) ---------- */

export interface ScreenPlaysInput {
  deviceId: number;
  hours: { opensAt: string; closesAt: string };
  loopSeconds: number;
  slotSeconds: number;
  /** Booked days (yyyy-mm-dd, Italian time) with the slots booked on each. */
  days: Array<{ day: string; slots: number }>;
  creativeIds: number[];
  campaignId: number;
  rng: Rng;
}

const ITALY = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', timeZoneName: 'shortOffset' });

/** Minutes Italian time is ahead of UTC at that instant (60 in winter, 120 in summer). */
function italyOffsetMinutes(at: number): number {
  const name = ITALY.formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+1';
  const m = /GMT([+-]\d+)(?::(\d+))?/.exec(name);
  return m ? Number(m[1]) * 60 + Math.sign(Number(m[1])) * Number(m[2] ?? 0) : 60;
}

const minutesOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Every play a booked screen owes, one per loop and slot while it is on, except in its outages:
 * most days deliver in full; about one day in five the player is off for part of the day (a
 * power cut, a network loss), so those days fall short of what was contracted. The outages are
 * returned too, so a test can tell which days are short.
 */
export function planScreenPlays(input: ScreenPlaysInput): PlayLogColumns & { shortDays: string[] } {
  const { deviceId, hours, loopSeconds, slotSeconds, days, creativeIds, campaignId, rng } = input;
  const out: PlayLogColumns & { shortDays: string[] } = { deviceId: [], campaignId: [], creativeId: [], playedAt: [], durationSeconds: [], audience: [], venueOf: {}, shortDays: [] };
  const open = minutesOfDay(hours.opensAt) * 60;
  const loops = Math.floor((minutesOfDay(hours.closesAt) * 60 - open) / loopSeconds);
  const creatives = creativeIds.length ? creativeIds : [1];
  days.forEach(({ day, slots }, index) => {
    // The second day always falls short, so every demo shows a shortfall; then about one in five.
    const outage = index === 1 || (index > 2 && rng.chance(0.2));
    const cutFrom = outage ? rng.int(Math.floor(loops * 0.3), Math.floor(loops * 0.7)) : loops;
    const cutTo = outage ? Math.min(loops, cutFrom + rng.int(Math.floor(loops * 0.05), Math.floor(loops * 0.4))) : loops;
    if (cutTo > cutFrom) out.shortDays.push(day);
    const midnight = Date.parse(`${day}T00:00:00Z`);
    const offset = italyOffsetMinutes(midnight + 12 * 3_600_000) * 60_000;
    for (let k = 0; k < loops; k++) {
      if (k >= cutFrom && k < cutTo) continue;
      for (let s = 0; s < slots; s++) {
        const seconds = open + k * loopSeconds + s * slotSeconds;
        out.deviceId.push(deviceId);
        out.campaignId.push(campaignId);
        out.creativeId.push(creatives[k % creatives.length]);
        out.playedAt.push(new Date(midnight + seconds * 1000 - offset).toISOString());
        out.durationSeconds.push(slotSeconds);
        // Fewer people early and late, more at the rush hours.
        const hour = seconds / 3600;
        const rush = hour >= 7 && hour < 10 ? 1.6 : hour >= 17 && hour < 20 ? 1.8 : hour < 7 || hour >= 22 ? 0.4 : 1;
        out.audience.push(Math.round(rng.int(8, 40) * rush));
      }
    }
  });
  return out;
}
