// @vitest-environment node
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seller, setConfigFile } from '../../sandbox/company';
import { companyAddress, parseCompanyIdentity } from '@/config/company';
import { loadRuntimeConfig } from '@/config/environment';

/* The seller's identity is the `company` block of config.json, checked where it is read. */

const shipped = JSON.parse(readFileSync(path.resolve('public/config.json'), 'utf8')) as { hosts: object; company: Record<string, unknown> };
const dir = mkdtempSync(path.join(tmpdir(), 'company-config-'));

afterAll(() => setConfigFile(path.resolve('public/config.json')));

describe('the company block', () => {
  it('the shipped configurations carry a valid seller, with the offer defaults filled in', () => {
    const example = JSON.parse(readFileSync(path.resolve('config.example.json'), 'utf8')) as { company: unknown };
    const company = parseCompanyIdentity(shipped.company);
    expect(parseCompanyIdentity(example.company)).toEqual(company);
    expect(company.offer.vatRate).toBe(22);
    expect(companyAddress(company)).toBe('Via Vittor Pisani 16, 20124 Milano (MI)');
    const { offer: _offer, ...withoutOffer } = shipped.company;
    expect(parseCompanyIdentity(withoutOffer).offer).toEqual({ vatRate: 22, validityDays: 30, terms: [] });
  });
  it('refuses a wrong VAT number, a logo outside public/ and unknown fields, naming the field', () => {
    expect(() => parseCompanyIdentity({ ...shipped.company, vatNumber: '123' })).toThrow(/company.*vatNumber/);
    expect(() => parseCompanyIdentity({ ...shipped.company, logo: '/../secrets.png' })).toThrow(/logo/);
    expect(() => parseCompanyIdentity({ ...shipped.company, vat: '01234567890' })).toThrow(/vat/);
  });
  it('the app refuses a config.json whose company block is wrong', async () => {
    const body = JSON.stringify({ hosts: {}, company: { ...shipped.company, zipCode: 'Milano' } });
    const original = globalThis.fetch;
    globalThis.fetch = (async () => new Response(body, { status: 200 })) as typeof fetch;
    try {
      await expect(loadRuntimeConfig()).rejects.toThrow(/zipCode/);
    } finally {
      globalThis.fetch = original;
    }
  });
  it('the sandbox reads the seller from the file it is given and refuses one without a company block', () => {
    const other = path.join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ ...shipped, company: { ...shipped.company, name: 'Altra Concessionaria S.r.l.', logo: undefined } }));
    setConfigFile(other);
    expect(seller().identity.name).toBe('Altra Concessionaria S.r.l.');
    expect(seller().logo).toBeUndefined();
    const none = path.join(dir, 'none.json');
    writeFileSync(none, JSON.stringify({ hosts: {} }));
    setConfigFile(none);
    expect(() => seller()).toThrow(/senza il blocco "company"/);
  });
});
