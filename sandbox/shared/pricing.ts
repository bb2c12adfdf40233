import type { components } from '../../src/api/generated/planner';
import type { Db } from '../db';
import { HttpError } from '../http';
import { oneRow } from '../store';
import { addDays, daysBetween, facesByIds } from './reservations';
import { cents } from './values';

/*
 * The price of faces for a period, from a price list. A unit (a day, a week, a 14-day cycle, a
 * 30-day month, or a screen's slot for a week) has a price in the list; a period that is not a
 * whole number of units is pro-rated by day. The list's seasons change the price of the days they
 * cover, by a percentage; seasons that overlap add their percentages. A circuit sold whole takes
 * the list's package price for it, shared among its faces.
 */

export type Quote = components['schemas']['Quote'];
type Unit = Quote['unit'];

export const UNIT_DAYS: Record<Unit, number> = { day: 1, week: 7, cycle14: 14, month: 30, slot: 7 };

export interface QuoteRequest {
  catalogId: number;
  productId: number;
  frameIds: number[];
  periodStart: string;
  periodEnd: string;
  circuitId?: number | null;
}

interface Season {
  name: string;
  from: string;
  to: string;
  percent: number;
}

/** The whole period's price of one unit-price, day by day, with the seasons met. */
export function priceOverPeriod(unitPrice: number, unit: Unit, start: string, end: string, seasons: readonly Season[]) {
  const days = daysBetween(start, end);
  const perDay = unitPrice / UNIT_DAYS[unit];
  const met = new Map<string, { name: string; percent: number; days: number }>();
  let total = 0;
  for (let i = 0; i < days; i += 1) {
    const day = addDays(start, i);
    let percent = 0;
    for (const s of seasons) {
      if (s.from <= day && day <= s.to) {
        percent += s.percent;
        const key = `${s.name}|${s.from}|${s.to}`;
        const seen = met.get(key) ?? { name: s.name, percent: s.percent, days: 0 };
        seen.days += 1;
        met.set(key, seen);
      }
    }
    total += perDay * Math.max(0, 1 + percent / 100);
  }
  return { days, total, seasons: [...met.values()] };
}

export async function quoteFaces(db: Db, req: QuoteRequest): Promise<Quote> {
  if (req.periodEnd < req.periodStart) {
    throw new HttpError(400, 'Il periodo non è valido', { errors: [{ path: '/body/periodEnd', message: 'non può precedere periodStart' }] });
  }
  const [catalog, product] = await Promise.all([oneRow(db, 'catalogs', req.catalogId), oneRow(db, 'products', req.productId)]);
  const missing = [
    ...(catalog ? [] : [{ path: '/body/catalogId', message: `listino inesistente: ${req.catalogId}` }]),
    ...(product ? [] : [{ path: '/body/productId', message: `prodotto inesistente: ${req.productId}` }]),
  ];
  const faces = await facesByIds(db, req.frameIds);
  const absent = req.frameIds.filter((id) => !faces.has(id));
  if (absent.length) missing.push({ path: '/body/frameIds', message: `facce inesistenti: ${absent.join(', ')}` });
  if (missing.length) throw new HttpError(422, `Riferimento a un elemento inesistente (${missing.map((m) => m.message).join('; ')})`, { errors: missing });
  const unit = (['day', 'week', 'cycle14', 'month', 'slot'] as const).find((u) => u === product!.unit) ?? 'week';
  const listed = (catalog!.prices as Array<{ productId: number; price: number }> | undefined)?.find((p) => Number(p.productId) === req.productId);
  const seasons = (catalog!.seasons as Season[] | undefined) ?? [];
  let unitPrice = Number(listed?.price ?? product!.basePrice ?? 0);
  let packageCircuitId: number | null = null;
  if (req.circuitId) {
    const pkg = (catalog!.packages as Array<{ circuitId: number; price: number }> | undefined)?.find((p) => Number(p.circuitId) === req.circuitId);
    const circuit = await oneRow(db, 'circuits', req.circuitId);
    const assets = new Set(((circuit?.assets as number[] | undefined) ?? []).map(Number));
    if (pkg && circuit && [...faces.values()].every((f) => assets.has(f.systemId))) {
      unitPrice = Number(pkg.price);
      packageCircuitId = req.circuitId;
    }
  }
  const period = priceOverPeriod(unitPrice, unit, req.periodStart, req.periodEnd, seasons);
  const count = req.frameIds.length;
  const total = packageCircuitId ? cents(period.total) : cents(period.total * count);
  const perFace = cents(packageCircuitId ? period.total / count : period.total);
  return { unit, unitPrice, days: period.days, faces: count, seasons: period.seasons, packageCircuitId, perFace, total: packageCircuitId ? total : cents(perFace * count) };
}
