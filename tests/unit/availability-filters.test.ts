import { describe, expect, it } from 'vitest';
import { availabilityQuery } from '@/dataProviders/availability';
import { i18nProvider } from '@/i18n';
import { holderLines } from '@/resources/availability/AvailabilityGrid';
import { filterErrors, mondayOf, readState, writeState } from '@/resources/availability/filters';

describe('the availability screen’s filters in the URL', () => {
  const today = new Date(2026, 2, 4); // a Wednesday

  it('defaults to eight weeks from this week’s Monday, first page of 25', () => {
    expect(mondayOf(today)).toBe('2026-03-02');
    expect(readState(new URLSearchParams(), today)).toEqual({
      filter: { periodStart: '2026-03-02', periodEnd: '2026-04-26', step: 'week' },
      page: 1,
      perPage: 25,
    });
  });

  it('honours a notice’s link: the face and the period start, eight columns of the step', () => {
    const { filter } = readState(new URLSearchParams('frameId=11&periodStart=2026-05-04'), today);
    expect(filter).toEqual({ periodStart: '2026-05-04', periodEnd: '2026-06-28', step: 'week', frameIds: [11] });
    const cycles = readState(new URLSearchParams('periodStart=2026-05-04&step=cycle14'), today).filter;
    expect(cycles.periodEnd).toBe('2026-08-23');
  });

  it('reads every filter and writes it back the same', () => {
    const url = 'periodStart=2026-03-02&periodEnd=2026-03-29&step=cycle14&q=Torino&municipality=Milano&format=600x300&systemType=poster&circuitId=2&frameId=11&frameId=12&page=3&perPage=50';
    const state = readState(new URLSearchParams(url), today);
    expect(state.filter).toEqual({
      periodStart: '2026-03-02',
      periodEnd: '2026-03-29',
      step: 'cycle14',
      q: 'Torino',
      municipality: 'Milano',
      format: '600x300',
      systemType: 'poster',
      circuitId: 2,
      frameIds: [11, 12],
    });
    expect(state.page).toBe(3);
    expect(state.perPage).toBe(50);
    expect(writeState(state).toString()).toBe(new URLSearchParams(url).toString());
  });

  it('drops what it cannot read: a bad format, an end before the start, a page that is not a number', () => {
    const state = readState(new URLSearchParams('periodStart=2026-03-02&periodEnd=2026-01-01&format=6x&page=x&perPage=7'), today);
    expect(state.filter.format).toBeUndefined();
    expect(state.filter.periodEnd).toBe('2026-04-26');
    expect(state.page).toBe(1);
    expect(state.perPage).toBe(25);
  });

  it('says on the field what is wrong with a period or a format', () => {
    expect(filterErrors({ periodStart: '2026-03-02', periodEnd: '2026-03-29' })).toEqual({});
    expect(filterErrors({ periodStart: '2026-03-02', periodEnd: '2026-03-01' })).toEqual({
      periodEnd: 'resources.availability.errors.end_before_start',
    });
    expect(filterErrors({ periodStart: '2026-03-02', periodEnd: '2027-03-15' })).toEqual({
      periodEnd: 'resources.availability.errors.too_long',
    });
    expect(filterErrors({ periodStart: '', periodEnd: '2026-03-01', format: '600 x 300' })).toEqual({
      periodStart: 'resources.availability.errors.day',
      format: 'resources.availability.errors.format',
    });
  });

  it('asks the service for one page as an inclusive range, empty filters left out', () => {
    expect(availabilityQuery({ periodStart: '2026-03-02', periodEnd: '2026-03-29', q: ' ', municipality: 'Milano', frameIds: [] }, 3, 25)).toEqual({
      periodStart: '2026-03-02',
      periodEnd: '2026-03-29',
      step: 'week',
      municipality: 'Milano',
      range: '[50,74]',
    });
  });
});

describe('the availability cell’s holders', () => {
  it('names each holder, for whom and until when, then the queue in its order', () => {
    const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);
    const holder = { holderName: 'Sara Bianchi', advertiserName: 'Caffè Roma', periodStart: '2026-03-02', periodEnd: '2026-03-15', planningName: null };
    expect(
      holderLines(
        [
          { ...holder, reservationId: 1, status: 'option', expiresOn: '2026-02-27' },
          { ...holder, reservationId: 2, status: 'booked', expiresOn: null, advertiserName: 'Moda Sud', planningName: 'Saldi' },
          { ...holder, reservationId: 3, status: 'waiting', expiresOn: '2026-03-01', holderName: 'Marco Neri' },
          { ...holder, reservationId: 4, status: 'waiting', expiresOn: null, holderName: 'Luca Verdi', advertiserName: '' },
        ],
        translate as never,
      ),
    ).toEqual([
      'In opzione: Sara Bianchi per Caffè Roma, dal 02/03/2026 al 15/03/2026, scade il 27/02/2026',
      'Prenotata: Sara Bianchi per Moda Sud, dal 02/03/2026 al 15/03/2026 (Saldi)',
      'In coda 1: Marco Neri per Caffè Roma, dal 02/03/2026 al 15/03/2026, scade il 01/03/2026',
      'In coda 2: Luca Verdi per —, dal 02/03/2026 al 15/03/2026',
    ]);
  });
});
