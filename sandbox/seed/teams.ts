import type { SchemaTeamProviderType } from '../../src/api/generated/systems';
import type { Db } from '../db';
import { allSystems } from '../shared/systems';
import { insertRecord } from '../store';
import type { SeedOptions } from './options';

/* The provider teams of the systems service and their links to systems. */

export const TEAMS = 'teams';
export const LINKS = 'system_providers';

export const TEAM_PROVIDER_TYPES: SchemaTeamProviderType[] = ['installazione', 'manutenzione', 'affissione', 'elettrico', 'pulizia', 'altro'];


const COMPANY_STEMS = [
  'Impianti Lombardi', 'Affissioni Romane', 'Tecnoinstall', 'Pubblimontaggi', 'Elettroservice Padana', 'Segnaletica Adriatica',
  'Cartelloni Toscani', 'Montaggi Pubblicitari Emiliani', 'Installazioni Liguri', 'Servizi Affissione Sud', 'Luminosa Impianti',
  'Manutenzioni Venete', 'Edil Pubblicità', 'Grafiche e Affissioni Piemontesi', 'Schermi Digitali Italia', 'Fratelli Colombo',
  'Rossi & Bianchi', 'Pulizie Urbane', 'Elettrica Ferrari', 'Sistemi LED Marche', 'Montaggi Esposito', 'Tecnopali Sardegna',
  'Affissioni Siciliane', 'Impianti Brianza', 'Costruzioni Metalliche Gallo', 'Outdoor Service Campania', 'Cantieri Pubblicitari Conti',
  'Totem & Display', 'Manutenzione Impianti Ricci', 'Lavori Elettrici Marino', 'Servizi Tecnici Greco', 'Insegne Romano',
];
const FORMS = ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.', 'S.r.l.s.'];
const PLACES: Array<[city: string, cap: string, prefix: string]> = [
  ['Milano', '20121', '02'], ['Roma', '00185', '06'], ['Torino', '10121', '011'], ['Napoli', '80133', '081'], ['Bologna', '40121', '051'],
  ['Firenze', '50123', '055'], ['Genova', '16121', '010'], ['Venezia', '30121', '041'], ['Bari', '70121', '080'], ['Palermo', '90133', '091'],
  ['Verona', '37121', '045'], ['Brescia', '25121', '030'], ['Bergamo', '24121', '035'], ['Padova', '35122', '049'], ['Cagliari', '09124', '070'],
];
const STREETS = ['Via Roma', 'Via Garibaldi', 'Corso Italia', 'Via Mazzini', 'Viale Europa', 'Via Dante', 'Via Cavour', 'Via dei Mille', 'Via Verdi', 'Via Manzoni'];

/** An 11-digit partita IVA with a valid check digit (Luhn-like, as the Agenzia delle Entrate computes it). */
export function partitaIva(base10: string): string {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(base10[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return base10 + String((10 - (sum % 10)) % 10);
}

/**
 * Seeds the teams and their links to systems. The circuits seed calls it: it runs after the systems
 * one, and the record ids the seed hands out depend on that order.
 */
export async function seedTeams(db: Db, { size, rng }: SeedOptions): Promise<void> {
  const count = size === 'large' ? 120 : 30;
  const teamIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const stem = COMPANY_STEMS[i % COMPANY_STEMS.length];
    const [city, cap, prefix] = PLACES[i % PLACES.length];
    const companyName = `${stem}${i >= COMPANY_STEMS.length ? ` ${city}` : ''} ${rng.pick(FORMS)}`;
    const slug = stem.toLowerCase().replace(/[^a-z]+/g, '');
    const base = String(rng.int(0, 9_999_999)).padStart(7, '0') + String(rng.int(100, 120)).padStart(3, '0');
    const team = await insertRecord(db, TEAMS, {
      companyName,
      address: `${rng.pick(STREETS)} ${rng.int(1, 180)}, ${cap} ${city}`,
      vat: partitaIva(base),
      providerType: rng.sample(TEAM_PROVIDER_TYPES, rng.int(1, 3)),
      mail: `squadre@${slug}${i >= COMPANY_STEMS.length ? i : ''}.it`,
      phone: `+39 ${prefix} ${rng.int(1000000, 9999999)}`,
    });
    teamIds.push(team.id);
  }
  const systems = await allSystems(db);
  if (!systems.length) return; // the systems service has not seeded: no links yet
  const linked = systems.filter((_, i) => i % 3 === 0).slice(0, size === 'large' ? 6000 : 600);
  const values: string[] = [];
  const params: unknown[] = [LINKS];
  for (const system of linked) {
    for (const teamId of rng.sample(teamIds, rng.int(1, 2))) {
      params.push(JSON.stringify({ systemId: system.id, teamId, duties: rng.sample(TEAM_PROVIDER_TYPES.slice(0, 5), rng.int(1, 2)) }));
      values.push(`($1, $${params.length}::jsonb)`);
      if (values.length >= 500) {
        await db.query(`INSERT INTO records (collection, data) VALUES ${values.join(',')}`, params);
        values.length = 0;
        params.length = 1;
      }
    }
  }
  if (values.length) await db.query(`INSERT INTO records (collection, data) VALUES ${values.join(',')}`, params);
}
