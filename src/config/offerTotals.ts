/*
 * How a client is told an amount: prices are net of VAT (the seller's terms say so), and every
 * total a client reads, on a web page or in a PDF, is stated the same way: the net amount
 * ("IVA esclusa"), the VAT at the configured rate, and the amount due ("IVA inclusa"). The
 * estimate's PDF, the shared offer's page and the shared planning's page all call this one rule.
 * Plain data and arithmetic with no imports, so the sandbox's PDF writer reads it too.
 */

/** Rounded to the cent, as every amount the client reads. */
const cents = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

export interface OfferTotals {
  /** The list-price total, before the discount. */
  subtotal: number;
  discount: number;
  /** The net amount after discount, VAT excluded (imponibile). */
  taxable: number;
  /** VAT rate in percent. */
  vatRate: number;
  vat: number;
  /** The amount due, VAT included. */
  grandTotal: number;
}

/**
 * The totals of net amounts: `total` is the net amount after discount (an estimate's `total`, a
 * planning's items summed), `subtotal` and `discountTotal` default to it and to 0.
 */
export function offerTotals(amounts: { total: number; subtotal?: number; discountTotal?: number }, vatRate: number): OfferTotals {
  const taxable = cents(Number(amounts.total) || 0);
  const vat = cents((taxable * vatRate) / 100);
  return {
    subtotal: cents(Number(amounts.subtotal ?? taxable) || 0),
    discount: cents(Number(amounts.discountTotal ?? 0) || 0),
    taxable,
    vatRate,
    vat,
    grandTotal: cents(taxable + vat),
  };
}

/** "22%", "10,5%": the rate as the totals name it. */
export const vatPercent = (rate: number) => `${String(cents(rate)).replace('.', ',')}%`;

/** The words of the totals, the same on the page and in the PDF. */
export const TOTAL_LABELS = {
  subtotal: 'Totale a listino',
  discount: 'Sconto',
  taxable: 'Imponibile (IVA esclusa)',
  vat: (rate: number) => `IVA ${vatPercent(rate)}`,
  grandTotal: 'Totale (IVA inclusa)',
  /** An estimate's amount due. */
  offerGrandTotal: 'Totale offerta (IVA inclusa)',
  /** Said under a list of net prices. */
  pricesNet: 'Prezzi IVA esclusa',
} as const;

/** The VAT rate when the configuration names no seller (Italy's standard rate). */
export const DEFAULT_VAT_RATE = 22;
