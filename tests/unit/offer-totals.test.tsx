import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCompanyIdentity } from '@/config/company';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { offerTotals, TOTAL_LABELS } from '@/config/offerTotals';
import { EstimateView } from '@/pages/shared/EstimateView';
import { createTheme, ThemeProvider } from '@mui/material';

/*
 * One VAT rule for the client: the shared offer's web page and its PDF state the same totals the
 * same way (net, VAT at the configured rate, amount due VAT included).
 */

const raw = (JSON.parse(readFileSync(path.resolve('public/config.json'), 'utf8')) as { company: unknown }).company;
const company = parseCompanyIdentity({ ...(raw as object), logo: undefined, offer: { ...(raw as { offer: object }).offer, vatRate: 10 } });

const estimate = {
  id: 42,
  name: 'Primavera',
  opportunityId: 1,
  advertiserId: 1,
  salesId: 1,
  status: 'sent' as const,
  createdAt: '2026-02-01T10:00:00Z',
  validUntil: '2026-03-15',
  subtotal: 1000,
  discountTotal: 100,
  total: 900,
  lines: [{ id: 1, productId: 1, catalogId: 1, description: 'Poster 6x3', quantity: 10, periodStart: '2026-04-06', periodEnd: '2026-04-19', unitPrice: 100, discountPercent: 10, total: 900 }],
};

beforeEach(() => setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts('http://svc.test') }, company }));
afterEach(() => setRuntimeConfig({ environment: 'prod', hosts: {} }));

describe('the VAT rule', () => {
  it('net amount, VAT on it at the rate, amount due; rounded to the cent', () => {
    expect(offerTotals({ total: 900, subtotal: 1000, discountTotal: 100 }, 22)).toEqual({ subtotal: 1000, discount: 100, taxable: 900, vatRate: 22, vat: 198, grandTotal: 1098 });
    expect(offerTotals({ total: 10.05 }, 22)).toEqual({ subtotal: 10.05, discount: 0, taxable: 10.05, vatRate: 22, vat: 2.21, grandTotal: 12.26 });
  });

  it('the web page states them at the configured rate, with the words the PDF prints (estimate-pdf.test.ts reads the same lines from the PDF)', async () => {
    render(
      <ThemeProvider theme={createTheme()}>
        <EstimateView estimate={estimate} />
      </ThemeProvider>,
    );
    const page = screen.getByLabelText('Totali').textContent!.replace(/\s/g, ' ');
    expect(page).toContain(TOTAL_LABELS.offerGrandTotal);
    // 900 net, 10% VAT (the configured rate, not Italy's 22): 990 due.
    expect(page).toMatch(/Imponibile \(IVA esclusa\) ?900,00 ?€/);
    expect(page).toMatch(/IVA 10% ?90,00 ?€/);
    expect(page).toMatch(/Totale offerta \(IVA inclusa\) ?990,00 ?€/);
    expect(screen.getByTestId('estimate-total').textContent!.replace(/\s/g, ' ')).toBe('990,00 €');

  });
});
