import type { components } from '../../../src/api/generated/estimate';
import type { Seller } from '../../company';
import { cents } from '../../shared/values';
import { BRAND, BRAND_LIGHT, drawFooters, INK, itDate, MARGIN, MUTED, RIGHT, RULE, sellerDocument, WHITE, WIDTH, wrap, ZEBRA, type Writer } from '../../shared/pdf';
import { offerTotals, TOTAL_LABELS } from '../../../src/config/offerTotals';

/*
 * The estimate as a formal commercial offer (A4): the seller's letterhead on every page, the client
 * block, number, date and validity, the lines over as many pages as they need (the table header
 * repeated), totals with discount and VAT, notes, terms, a signature box, "Pagina X di N".
 */

type Estimate = components['schemas']['Estimate'];

export interface OfferParties {
  opportunityName: string;
  salesName: string;
  client: {
    name: string;
    address?: string;
    city?: string;
    vatNumber?: string;
    fiscalCode?: string;
    email?: string;
  };
}

export { itDate, wrap } from '../../shared/pdf';

/** Italian number with thousands separators and two decimals (5.985,00). */
export function euro(value: number): string {
  const [int, dec] = Math.abs(value).toFixed(2).split('.');
  return `${value < 0 ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}

const percent = (value: number) => `${String(cents(value)).replace('.', ',')}%`;

/** The offer's end date: the estimate's own, else its date plus the configured validity. */
export function validUntilOf(e: Pick<Estimate, 'validUntil' | 'createdAt'>, validityDays: number): string {
  if (e.validUntil) return e.validUntil.slice(0, 10);
  const d = new Date(e.createdAt);
  d.setUTCDate(d.getUTCDate() + validityDays);
  return d.toISOString().slice(0, 10);
}

/** The offer's totals: the one rule the client's web page states them by too. */
export { offerTotals } from '../../../src/config/offerTotals';

/* ---------- the parts ---------- */

/** A labelled box of lines (label in small capitals above, then the lines). Answers its height. */
function box(w: Writer, x: number, top: number, width: number, label: string, rows: Array<{ text: string; bold?: boolean }>, height: number) {
  w.page.drawRectangle({ x, y: top - height, width, height, borderColor: RULE, borderWidth: 0.8, color: WHITE });
  w.page.drawRectangle({ x, y: top - 16, width, height: 16, color: BRAND_LIGHT });
  w.text(label.toUpperCase(), x + 8, top - 11.5, 7.5, { bold: true, color: BRAND });
  let y = top - 30;
  for (const row of rows) {
    for (const line of wrap(row.bold ? w.fonts.bold : w.fonts.regular, row.text, row.bold ? 10 : 8.5, width - 16)) {
      w.text(line, x + 8, y, row.bold ? 10 : 8.5, { bold: row.bold });
      y -= row.bold ? 13 : 11;
    }
  }
}

function drawHeading(w: Writer, e: Estimate, parties: OfferParties, validUntil: string) {
  w.text('OFFERTA COMMERCIALE', MARGIN, w.y, 16, { bold: true, color: BRAND });
  w.right(`Preventivo n. ${e.id}`, RIGHT, w.y, 12, { bold: true });
  w.y -= 18;
  for (const line of wrap(w.fonts.regular, e.name, 10, WIDTH)) {
    w.text(line, MARGIN, w.y, 10, { color: MUTED });
    w.y -= 13;
  }
  w.y -= 8;
  const half = (WIDTH - 14) / 2;
  const client = parties.client;
  const clientRows = [
    { text: client.name, bold: true },
    ...(client.address ? [{ text: client.address }] : []),
    ...(client.city ? [{ text: client.city }] : []),
    ...(client.vatNumber ? [{ text: `P.IVA ${client.vatNumber}` }] : []),
    ...(client.fiscalCode && client.fiscalCode !== client.vatNumber ? [{ text: `C.F. ${client.fiscalCode}` }] : []),
    ...(client.email ? [{ text: client.email }] : []),
  ];
  const offerRows = [
    { text: `Numero: ${e.id}` },
    { text: `Data: ${itDate(e.createdAt)}` },
    { text: `Valida fino al: ${itDate(validUntil)}` },
    { text: `Riferimento: ${parties.opportunityName}` },
    { text: `Commerciale: ${parties.salesName}` },
  ];
  const height = 104;
  box(w, MARGIN, w.y, half, "Dati dell'offerta", offerRows, height);
  box(w, MARGIN + half + 14, w.y, half, 'Spett.le cliente', clientRows, height);
  w.y -= height + 22;
}

const COLS = { n: MARGIN + 4, description: MARGIN + 24, period: 268, qty: 388, price: 452, discount: 496, total: RIGHT - 4 };
const ROW_SIZE = 8.5;
const ROW_LINE = 11;

function drawTableHeader(w: Writer) {
  w.page.drawRectangle({ x: MARGIN, y: w.y - 6, width: WIDTH, height: 18, color: BRAND });
  const o = { bold: true, color: WHITE };
  w.text('N.', COLS.n, w.y, 8, o);
  w.text('Descrizione', COLS.description, w.y, 8, o);
  w.text('Periodo', COLS.period, w.y, 8, o);
  w.right('Q.tà', COLS.qty, w.y, 8, o);
  w.right('Prezzo unit.', COLS.price, w.y, 8, o);
  w.right('Sconto', COLS.discount, w.y, 8, o);
  w.right('Importo', COLS.total, w.y, 8, o);
  w.y -= 20;
}

function drawLines(w: Writer, e: Estimate) {
  drawTableHeader(w);
  if (!e.lines.length) {
    w.text('Nessuna riga', COLS.description, w.y, ROW_SIZE, { color: MUTED });
    w.y -= 16;
    return;
  }
  e.lines.forEach((l, i) => {
    const description = wrap(w.fonts.regular, l.description, ROW_SIZE, COLS.period - COLS.description - 10);
    const height = description.length * ROW_LINE + 5;
    if (w.room(height)) {
      w.text(`Preventivo n. ${e.id} - segue`, MARGIN, w.y, 9, { color: MUTED });
      w.y -= 18;
      drawTableHeader(w);
    }
    if (i % 2 === 1) w.page.drawRectangle({ x: MARGIN, y: w.y - height + ROW_LINE - 2, width: WIDTH, height, color: ZEBRA });
    w.text(String(i + 1), COLS.n, w.y, ROW_SIZE, { color: MUTED });
    description.forEach((line, k) => w.text(line, COLS.description, w.y - k * ROW_LINE, ROW_SIZE));
    w.text(`${itDate(l.periodStart)} - ${itDate(l.periodEnd)}`, COLS.period, w.y, ROW_SIZE);
    w.right(String(l.quantity), COLS.qty, w.y, ROW_SIZE);
    w.right(`${euro(l.unitPrice)} €`, COLS.price, w.y, ROW_SIZE);
    w.right(l.discountPercent ? percent(l.discountPercent) : '-', COLS.discount, w.y, ROW_SIZE);
    w.right(`${euro(l.total)} €`, COLS.total, w.y, ROW_SIZE);
    w.y -= height;
  });
  w.page.drawLine({ start: { x: MARGIN, y: w.y + ROW_LINE - 3 }, end: { x: RIGHT, y: w.y + ROW_LINE - 3 }, thickness: 0.5, color: RULE });
}

function drawTotals(w: Writer, e: Estimate, vatRate: number) {
  const t = offerTotals(e, vatRate);
  const rows: Array<[string, string]> = [
    [TOTAL_LABELS.subtotal, `${euro(t.subtotal)} €`],
    [TOTAL_LABELS.discount, t.discount ? `- ${euro(t.discount)} €` : `${euro(0)} €`],
    [TOTAL_LABELS.taxable, `${euro(t.taxable)} €`],
    [TOTAL_LABELS.vat(t.vatRate), `${euro(t.vat)} €`],
  ];
  const height = rows.length * 15 + 38;
  w.y -= 6;
  w.room(height);
  const left = RIGHT - 230;
  for (const [label, value] of rows) {
    w.text(label, left + 8, w.y, 9.5, { color: label === TOTAL_LABELS.taxable ? INK : MUTED, bold: label === TOTAL_LABELS.taxable });
    w.right(value, RIGHT - 8, w.y, 9.5, { bold: label === TOTAL_LABELS.taxable });
    w.y -= 15;
  }
  w.y -= 8;
  w.page.drawRectangle({ x: left, y: w.y - 7, width: RIGHT - left, height: 21, color: BRAND });
  w.text(TOTAL_LABELS.offerGrandTotal, left + 8, w.y, 10, { bold: true, color: WHITE });
  w.right(`${euro(t.grandTotal)} €`, RIGHT - 8, w.y, 11, { bold: true, color: WHITE });
  w.y -= 34;
}

/** A titled block of paragraphs, continued on the next page when it does not fit. */
function drawParagraphs(w: Writer, title: string, paragraphs: string[], numbered: boolean) {
  if (!paragraphs.length) return;
  w.room(40);
  w.text(title, MARGIN, w.y, 10, { bold: true, color: BRAND });
  w.y -= 15;
  paragraphs.forEach((p, i) => {
    const indent = numbered ? 14 : 0;
    const lines = wrap(w.fonts.regular, p, 8.5, WIDTH - indent);
    lines.forEach((line, k) => {
      w.room(ROW_LINE);
      if (numbered && k === 0) w.text(`${i + 1}.`, MARGIN, w.y, 8.5, { color: MUTED });
      w.text(line, MARGIN + indent, w.y, 8.5);
      w.y -= ROW_LINE;
    });
    w.y -= 3;
  });
  w.y -= 10;
}

function drawSignatures(w: Writer, seller: Seller, parties: OfferParties) {
  const height = 96;
  w.room(height + 10);
  const half = (WIDTH - 14) / 2;
  const top = w.y;
  const sign = (x: number, heading: string, who: string, lines: string[]) => {
    w.page.drawRectangle({ x, y: top - height, width: half, height, borderColor: RULE, borderWidth: 0.8 });
    w.text(heading, x + 8, top - 14, 8.5, { bold: true, color: BRAND });
    wrap(w.fonts.regular, who, 8.5, half - 16)
      .slice(0, 2)
      .forEach((line, k) => w.text(line, x + 8, top - 27 - k * 11, 8.5));
    lines.forEach((label, k) => {
      const y = top - height + 14 + (lines.length - 1 - k) * 26;
      w.page.drawLine({ start: { x: x + 8 + w.width(label, 8) + 4, y: y - 1 }, end: { x: x + half - 10, y: y - 1 }, thickness: 0.5, color: INK });
      w.text(label, x + 8, y, 8, { color: MUTED });
    });
  };
  sign(MARGIN, `Per ${seller.identity.name}`, `Il commerciale: ${parties.salesName}`, ['Firma']);
  sign(MARGIN + half + 14, 'Per accettazione (timbro e firma del cliente)', parties.client.name, ['Data', 'Firma']);
  w.y = top - height - 12;
}

/* ---------- the document ---------- */

export async function offerPdf(e: Estimate, parties: OfferParties, seller: Seller): Promise<Uint8Array> {
  const offer = seller.identity.offer;
  const w = await sellerDocument(seller, { title: `Offerta commerciale - Preventivo n. ${e.id}`, subject: e.name, date: new Date(e.createdAt) });
  const validUntil = validUntilOf(e, offer.validityDays);
  drawHeading(w, e, parties, validUntil);
  drawLines(w, e);
  drawTotals(w, e, offer.vatRate);
  if (e.notes) drawParagraphs(w, 'Note', e.notes.split(/\r?\n/).filter((l) => l.trim()), false);
  const terms = [...offer.terms, `Offerta valida fino al ${itDate(validUntil)}.`];
  if (seller.identity.iban) terms.push(`Coordinate bancarie: IBAN ${seller.identity.iban}.`);
  drawParagraphs(w, 'Condizioni', terms, true);
  if (e.acceptance) {
    const at = new Date(e.acceptance.acceptedAt).toLocaleString('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });
    const from = e.acceptance.address ? `, dall'indirizzo ${e.acceptance.address}` : '';
    drawParagraphs(w, 'Accettazione online', [`Offerta accettata online da ${e.acceptance.name} (${e.acceptance.role}) il ${at}${from}, con accettazione delle condizioni sopra riportate.`], false);
  }
  drawSignatures(w, seller, parties);
  drawFooters(w, seller);
  return w.pdf.save({ useObjectStreams: false });
}
