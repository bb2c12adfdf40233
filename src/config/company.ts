import { z } from 'zod';

/**
 * The seller: the company that runs this back office and signs its offers. It comes from the
 * `company` block of the runtime configuration (`config.json`), which the app reads at start and
 * the sandbox reads for the estimate PDF, so one file names the seller everywhere.
 */
export const companyIdentitySchema = z
  .object({
    /** Legal name (ragione sociale). */
    name: z.string().min(1),
    /** PNG or JPEG path under `public/` (`/brand/logo.png`), shipped with the project. */
    logo: z
      .string()
      .regex(/^\/(?:[\w-]+\/)*[\w-]+\.(png|jpe?g)$/i)
      .optional(),
    /** Partita IVA: 11 digits. */
    vatNumber: z.string().regex(/^[0-9]{11}$/),
    fiscalCode: z.string().min(1).optional(),
    address: z.string().min(1),
    zipCode: z.string().regex(/^[0-9]{5}$/),
    city: z.string().min(1),
    province: z.string().regex(/^[A-Z]{2}$/),
    phone: z.string().min(1).optional(),
    email: z.string().email().optional(),
    pec: z.string().email().optional(),
    website: z.string().min(1).optional(),
    /** Registro delle imprese: office and REA number, e.g. "MI-2098765". */
    rea: z.string().min(1).optional(),
    shareCapital: z.string().min(1).optional(),
    iban: z.string().min(1).optional(),
    offer: z
      .object({
        /** VAT rate of the offer's totals, in percent (22 is Italy's standard rate). */
        vatRate: z.number().min(0).max(100).default(22),
        /** Validity of an offer without its own end date, in days from its date. */
        validityDays: z.number().int().min(1).default(30),
        /** Commercial terms printed above the signature box, one paragraph each. */
        terms: z.array(z.string().min(1)).default([]),
      })
      .default({}),
  })
  .strict();

export type CompanyIdentity = z.infer<typeof companyIdentitySchema>;
export type CompanyIdentityInput = z.input<typeof companyIdentitySchema>;

/** The configured identity, or a message naming what is wrong with it. */
export function parseCompanyIdentity(value: unknown): CompanyIdentity {
  const parsed = companyIdentitySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'company'}: ${i.message}`);
  throw new Error(`Configurazione non valida in "company": ${issues.join('; ')}`);
}

/** "Via Vittor Pisani 16, 20124 Milano (MI)". */
export function companyAddress(c: Pick<CompanyIdentity, 'address' | 'zipCode' | 'city' | 'province'>): string {
  return `${c.address}, ${c.zipCode} ${c.city} (${c.province})`;
}
