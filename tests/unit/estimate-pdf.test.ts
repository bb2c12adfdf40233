// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seller } from '../../sandbox/company';
import type { Db } from '../../sandbox/db';
import { internalServices } from '../../sandbox/internal';
import { createSandbox } from '../../sandbox/server';
import { HANDLERS } from '../../sandbox/services';
import { insertNumbered } from '../../sandbox/store';
import { estimatePdf } from '../../sandbox/services/estimate';
import { offerPdf, offerTotals, validUntilOf, type OfferParties } from '../../sandbox/services/estimate/pdf';
import type { components } from '@/api/generated/estimate';
import { pdfPages } from '../support/pdfText';
import { openMigrated } from './support/smallSeed';

/* The estimate PDF is a formal offer: read back as text, the way a client's PDF reader gives it. */

type Estimate = components['schemas']['Estimate'];

const config = JSON.parse(readFileSync(path.resolve('public/config.json'), 'utf8')) as { company: { name: string; vatNumber: string; address: string; offer: { terms: string[] } } };

/** An estimate of `count` lines, each with its own description, totals as the service computes them. */
function estimateOf(count: number, extra: Partial<Estimate> = {}): Estimate {
  const lines = Array.from({ length: count }, (_, i) => {
    const quantity = 1 + (i % 4);
    const discountPercent = i % 2 ? 10 : 0;
    return {
      id: i + 1,
      productId: 3,
      catalogId: 1,
      description: `Poster 6x3 Milano riga ${i + 1}${i % 5 === 0 ? ' con una descrizione lunga che va a capo nella colonna della tabella' : ''}`,
      quantity,
      periodStart: '2026-04-06',
      periodEnd: '2026-04-19',
      unitPrice: 100,
      discountPercent,
      total: quantity * 100 * (1 - discountPercent / 100),
    };
  });
  const subtotal = lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0);
  const total = lines.reduce((s, l) => s + l.total, 0);
  return {
    id: 42,
    name: 'Preventivo primavera 2026 – Milano centro',
    opportunityId: 21,
    advertiserId: 12,
    salesId: 5,
    status: 'sent',
    commissions: 0,
    subtotal,
    discountTotal: subtotal - total,
    total,
    createdAt: '2026-02-01T10:00:00Z',
    validUntil: '2026-03-15',
    lines,
    ...extra,
  };
}

const parties: OfferParties = {
  opportunityName: 'Campagna primavera 2026 – Milano centro',
  salesName: 'Giulia Ferri',
  client: { name: 'Birrificio Lombardo S.r.l.', address: 'Via Torino 12', city: 'Milano', vatNumber: '01234567890', email: 'marketing@birrificiolombardo.it' },
};

describe('the estimate PDF as a formal offer', () => {
  let pages: string[] = [];
  const estimate = estimateOf(70);
  beforeAll(async () => {
    pages = await pdfPages(await offerPdf(estimate, parties, seller()));
  });

  it('spreads 70 lines over several pages, every line written once, and numbers the pages "Pagina X di N"', () => {
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((text, i) => expect(text).toContain(`Pagina ${i + 1} di ${pages.length}`));
    const all = pages.join(' ');
    for (let n = 1; n <= 70; n++) expect(all.match(new RegExp(`riga ${n}(?!\\d)`, 'g'))).toHaveLength(1);
    // The lines continue on the second page under a repeated table header.
    expect(pages[1]).toMatch(/Preventivo n\. 42 - segue.*Descrizione.*Importo/);
  });

  it('names the configured seller on every page: name, VAT number, address', () => {
    expect(config.company.name).toBe(seller().identity.name);
    for (const text of pages) {
      expect(text).toContain(config.company.name);
      expect(text).toContain(`P.IVA ${config.company.vatNumber}`);
    }
    expect(pages[0]).toContain(config.company.address);
  });

  it('holds the client block from the advertiser, the number, the date and the validity', () => {
    expect(pages[0]).toContain('OFFERTA COMMERCIALE');
    expect(pages[0]).toContain('Preventivo n. 42');
    expect(pages[0]).toMatch(/Spett\.le cliente.*Birrificio Lombardo S\.r\.l\. Via Torino 12 Milano P\.IVA 01234567890/i);
    expect(pages[0]).toContain('Data: 01/02/2026');
    expect(pages[0]).toContain('Valida fino al: 15/03/2026');
  });

  it('ends with the totals (discount, VAT at the configured rate, amount due), the terms and a signature box', () => {
    // 70 lines of 100 € with quantities 1,2,3,4,…: 173 units; the odd lines (35 of them, 104 units) at 10% off.
    const t = offerTotals(estimate, 22);
    expect(t).toEqual({ subtotal: 17300, discount: 1040, taxable: 16260, vatRate: 22, vat: 3577.2, grandTotal: 19837.2 });
    const tail = pages.slice(-2).join(' ');
    expect(tail).toMatch(/Totale a listino 17\.300,00 € Sconto - 1\.040,00 € Imponibile \(IVA esclusa\) 16\.260,00 € IVA 22% 3\.577,20 €/);
    expect(tail).toContain('Totale offerta (IVA inclusa) 19.837,20 €');
    expect(tail).toContain('Condizioni');
    expect(tail).toContain(config.company.offer.terms[2]);
    expect(tail).toContain('Offerta valida fino al 15/03/2026.');
    expect(pages.at(-1)).toMatch(/Per accettazione \(timbro e firma del cliente\) Birrificio Lombardo S\.r\.l\. Data Firma/);
  });

  it('states the totals as the client web page does: net, VAT at the configured rate, amount due', async () => {
    const identity = { ...seller().identity, offer: { ...seller().identity.offer, vatRate: 10 } };
    const small = { ...estimateOf(1), subtotal: 1000, discountTotal: 100, total: 900 };
    const text = (await pdfPages(await offerPdf(small, parties, { ...seller(), identity }))).join(' ');
    // The same lines tests/unit/offer-totals.test.tsx reads on the web page.
    expect(text).toContain('Imponibile (IVA esclusa) 900,00 €');
    expect(text).toContain('IVA 10% 90,00 €');
    expect(text).toContain('Totale offerta (IVA inclusa) 990,00 €');
  });

  it('without its own end date an offer is valid for the configured days from its date', async () => {
    expect(validUntilOf({ createdAt: '2026-02-01T10:00:00Z' }, 30)).toBe('2026-03-03');
    const short = await pdfPages(await offerPdf(estimateOf(2, { validUntil: undefined }), parties, seller()));
    expect(short).toHaveLength(1);
    expect(short[0]).toContain('Valida fino al: 03/03/2026');
    expect(short[0]).toContain('Pagina 1 di 1');
  });
});

describe('the sandbox builds the offer from its records and serves the seller', () => {
  let db: Db;
  let base = '';
  let close: () => Promise<void>;
  beforeAll(async () => {
    db = await openMigrated();
    const sandbox = await createSandbox({ db, handlers: HANDLERS, services: internalServices, origin: 'http://127.0.0.1' });
    await new Promise<void>((resolve) => sandbox.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => sandbox.server.close(() => resolve()));
  }, 60_000);
  afterAll(async () => {
    await close();
    await db.close();
  });

  it('the client block is the advertiser record: name, address, city, VAT number', async () => {
    const advertiser = await insertNumbered(db, 'advertisers', {
      name: 'Torrefazione Milanese S.r.l.',
      vatNumber: '04455660961',
      email: 'marketing@torrefazionemilanese.it',
      address: 'Corso Buenos Aires 8',
      city: 'Milano',
      businessArea: 'Alimentare',
      roles: [],
      createdAt: '2025-11-03T10:15:00Z',
    });
    const [text] = await pdfPages(await estimatePdf(db, estimateOf(1, { advertiserId: advertiser.id })));
    expect(text).toMatch(/Spett\.le cliente.*Torrefazione Milanese S\.r\.l\. Corso Buenos Aires 8 Milano P\.IVA 04455660961/i);
  });

  it("a shared link's guest downloads the PDF of the estimate its link opens, and of no other", async () => {
    const shared = await insertNumbered(db, 'estimates', estimateOf(1));
    const other = await insertNumbered(db, 'estimates', estimateOf(1));
    const token = 'pdfGuestLinkToken123456';
    await insertNumbered(db, 'shares', { resourceId: shared.id, resourceType: 'estimate', token, createdAt: new Date().toISOString(), expiresAt: null, createdBy: 'sales' });
    const auth = await fetch(`${base}/share/v1/token/auth?resourceType=estimate&resourceId=${shared.id}&token=${token}`, { method: 'POST' });
    expect(auth.status).toBe(200);
    const guest = { Authorization: `Bearer ${((await auth.json()) as { access_token: string }).access_token}` };

    const own = await fetch(`${base}/estimate/estimate/${shared.id}/pdf`, { headers: guest });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    const pages = await pdfPages(new Uint8Array(await own.arrayBuffer()));
    expect(pages[0]).toContain(`Preventivo n. ${shared.id}`);

    expect((await fetch(`${base}/estimate/estimate/${other.id}/pdf`, { headers: guest })).status).toBe(403);
    // The link opens the PDF only: the estimate's other reads stay staff-only.
    expect((await fetch(`${base}/estimate/estimate/${shared.id}`, { headers: guest })).status).toBe(403);
  });

  it('GET /company answers the configured seller and /company/logo its logo (a PNG shipped in public/)', async () => {
    const identity = (await (await fetch(`${base}/company`)).json()) as { name: string; vatNumber: string; logo: string };
    expect(identity).toMatchObject({ name: config.company.name, vatNumber: config.company.vatNumber, logo: '/company/logo' });
    const logo = await fetch(`${base}${identity.logo}`);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
