// @vitest-environment node
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { commissionOf, euro, lineTotal, totalsOf, TRANSITIONS } from '../../sandbox/services/estimate';
import { ESTIMATE_TRANSITIONS } from '@/api/estimate';

describe('the estimate rules of the sandbox', () => {
  it('computes line totals and estimate totals rounded half up to the cent', () => {
    expect(lineTotal({ quantity: 10, unitPrice: 450, discountPercent: 15 })).toBe(3825);
    expect(lineTotal({ quantity: 3, unitPrice: 0.335, discountPercent: 0 })).toBe(1.01);
    expect(totalsOf([{ quantity: 10, unitPrice: 450, discountPercent: 15 }, { quantity: 20, unitPrice: 120, discountPercent: 10 }])).toEqual({ subtotal: 6900, total: 5985, discountTotal: 915 });
  });
  it('applies the commission rate of the average discount bracket to the total (the documented example)', () => {
    expect(commissionOf({ subtotal: 6900, discountTotal: 915, total: 5985 })).toEqual({
      discountPercent: 13.26,
      commissionRate: 8,
      commission: 478.8,
      rule: 'Sconto medio 13,26% (fascia oltre 10% fino a 20%): provvigione 8% sul totale di 5.985,00 €',
    });
  });
  it('brackets: up to 10% → 10, up to 20% → 8, up to 30% → 6, above → 4; no subtotal → 10', () => {
    expect(commissionOf({ subtotal: 100, discountTotal: 10, total: 90 }).commissionRate).toBe(10);
    expect(commissionOf({ subtotal: 100, discountTotal: 20, total: 80 }).commissionRate).toBe(8);
    expect(commissionOf({ subtotal: 100, discountTotal: 30, total: 70 }).commissionRate).toBe(6);
    expect(commissionOf({ subtotal: 100, discountTotal: 30.01, total: 69.99 }).commissionRate).toBe(4);
    expect(commissionOf({ subtotal: 0, discountTotal: 0, total: 0 })).toMatchObject({ commissionRate: 10, commission: 0, discountPercent: 0 });
  });
  it('formats euro amounts the Italian way', () => {
    expect(euro(5985)).toBe('5.985,00');
    expect(euro(1234567.5)).toBe('1.234.567,50');
  });
  it('the screen shows the same transitions the service enforces', () => {
    expect(ESTIMATE_TRANSITIONS).toEqual(TRANSITIONS);
    expect(TRANSITIONS.accepted).toEqual([]);
  });
});

describe('the estimate PDF', () => {
  it('opens and writes every line and the totals', async () => {
    const { estimatePdf } = await import('../../sandbox/services/estimate');
    const fakeDb = { query: async () => ({ rows: [] }), transaction: async () => undefined, close: async () => undefined } as never;
    const bytes = await estimatePdf(fakeDb, {
      id: 9,
      name: 'Preventivo prova – Milano',
      opportunityId: 1,
      advertiserId: 1,
      salesId: 5,
      status: 'draft',
      commissions: 0,
      subtotal: 4500,
      discountTotal: 675,
      total: 3825,
      createdAt: '2026-02-01T10:00:00Z',
      lines: [{ id: 1, productId: 3, catalogId: 1, description: 'Poster 6x3 Milano centro', quantity: 10, periodStart: '2026-04-06', periodEnd: '2026-04-19', unitPrice: 450, discountPercent: 15, total: 3825 }],
    });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const raw = Buffer.from(bytes).toString('latin1');
    const text = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)]
      .map((m) => {
        try {
          return inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
        } catch {
          return '';
        }
      })
      .flatMap((c) => [...c.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((t) => Buffer.from(t[1], 'hex').toString('latin1')))
      .join('\n');
    expect(text).toContain('Poster 6x3 Milano centro');
    expect(text).toContain('3.825,00');
    expect(text).toContain('Preventivo prova - Milano');
  });
});
