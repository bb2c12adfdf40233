import * as z from 'zod/v4-mini';

/*
 * zod's "mini" build: the schema runs in the app's start path (config.json is read before the
 * sign-in page shows), where the full zod would add about 14 kB gzip to the light front door.
 */
const text = () => z.string().check(z.minLength(1));
const matching = (pattern: RegExp) => z.string().check(z.regex(pattern));

/**
 * The seller: the company that runs this back office and signs its offers. It comes from the
 * `company` block of the runtime configuration (`config.json`), which the app reads at start and
 * the sandbox reads for the estimate PDF, so one file names the seller everywhere.
 */
const companyIdentitySchema = z.strictObject({
  /** Legal name (ragione sociale). */
  name: text(),
  /** PNG or JPEG path under `public/` (`/brand/logo.png`), shipped with the project. */
  logo: z.optional(matching(/^\/(?:[\w-]+\/)*[\w-]+\.(png|jpe?g)$/i)),
  /** Partita IVA: 11 digits. */
  vatNumber: matching(/^[0-9]{11}$/),
  fiscalCode: z.optional(text()),
  address: text(),
  zipCode: matching(/^[0-9]{5}$/),
  city: text(),
  province: matching(/^[A-Z]{2}$/),
  phone: z.optional(text()),
  email: z.optional(z.email()),
  pec: z.optional(z.email()),
  website: z.optional(text()),
  /** Registro delle imprese: office and REA number, e.g. "MI-2098765". */
  rea: z.optional(text()),
  shareCapital: z.optional(text()),
  iban: z.optional(text()),
  // prefault, not default: an absent block is parsed as {}, so its fields get their own defaults.
  offer: z.prefault(
    z.object({
      /** VAT rate of the offer's totals, in percent (22 is Italy's standard rate). */
      vatRate: z._default(z.number().check(z.gte(0), z.lte(100)), 22),
      /** Validity of an offer without its own end date, in days from its date. */
      validityDays: z._default(z.int().check(z.gte(1)), 30),
      /** Commercial terms printed above the signature box, one paragraph each. */
      terms: z._default(z.array(text()), []),
    }),
    {},
  ),
});

export type CompanyIdentity = z.output<typeof companyIdentitySchema>;

/** What is wrong with one field, in Italian (the mini build carries no messages of its own). */
function problem(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `campi sconosciuti: ${issue.keys.join(', ')}`;
    case 'invalid_format':
      return 'formato non valido';
    case 'invalid_type':
      return `atteso un valore di tipo ${issue.expected}`;
    case 'too_small':
      return `almeno ${String(issue.minimum)}`;
    case 'too_big':
      return `al massimo ${String(issue.maximum)}`;
    default:
      return issue.message;
  }
}

/** The configured identity, or a message naming what is wrong with it. */
export function parseCompanyIdentity(value: unknown): CompanyIdentity {
  const parsed = companyIdentitySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'company'}: ${problem(i)}`);
  throw new Error(`Configurazione non valida in "company": ${issues.join('; ')}`);
}

/** "Via Vittor Pisani 16, 20124 Milano (MI)". */
export function companyAddress(c: Pick<CompanyIdentity, 'address' | 'zipCode' | 'city' | 'province'>): string {
  return `${c.address}, ${c.zipCode} ${c.city} (${c.province})`;
}
