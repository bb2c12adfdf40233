// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { commissionOf, euro, lineTotal, totalsOf, TRANSITIONS } from '../../sandbox/services/estimate';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { ESTIMATE_STATUSES, ESTIMATE_TRANSITIONS, isFinalStatus } from '@/resources/estimates/shared';

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
  it('the screen and the service both read the status moves the document states, written nowhere else', () => {
    const doc = parseYaml(readFileSync('openapi/estimate.yaml', 'utf8')) as {
      components: { schemas: { EstimateStatus: { enum: string[]; 'x-transitions': Record<string, string[]> } } };
    };
    const status = doc.components.schemas.EstimateStatus;
    expect(ESTIMATE_TRANSITIONS).toEqual(status['x-transitions']);
    expect(TRANSITIONS).toBe(ESTIMATE_TRANSITIONS);
    expect(ESTIMATE_STATUSES).toEqual(status.enum);
    expect(ESTIMATE_STATUSES.filter(isFinalStatus)).toEqual(['accepted']);
  });
});

