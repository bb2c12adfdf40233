import type { Db } from '../../db';
import type { SeedOptions } from '../../seed/options';
import { seededMunicipalities } from '../../shared/geo';
import { LeadStatus, SUB_ITEM_TYPES, StoredDetection, SubItem, SubItemTypeName, insertAgent, insertSubItem } from './model';

/* ---------- seed ---------- */

const AGENTS: Array<[string, string]> = [
  ['Giorgio', 'Esposito'],
  ['Chiara', 'Gallo'],
  ['Mario', 'Rossi'],
  ['Valentina', 'Costa'],
  ['Laura', 'Bianchi'],
  ['Stefano', 'Fontana'],
  ['Martina', 'Moretti'],
  ['Andrea', 'Lombardi'],
  ['Federica', 'Barbieri'],
  ['Simone', 'Rinaldi'],
  ['Alessio', 'Caruso'],
  ['Beatrice', 'Ferri'],
];

const SUB_ITEMS: Record<SubItemTypeName, Array<[string, string | null]>> = {
  format: [
    ['6x3', 'Manifesto 600x300 cm'],
    ['4x3', 'Manifesto 400x300 cm'],
    ['12x3', 'Manifesto 1200x300 cm'],
    ['100x140', 'Locandina 100x140 cm'],
    ['140x200', 'Manifesto 140x200 cm'],
    ['Maxi', 'Telo di grandi dimensioni'],
    ['Schermo digitale', 'Monitor LED o LCD'],
  ],
  media_type: [
    ['Affissione', 'Manifesti su impianti stradali'],
    ['Maxi affissione', 'Impianti di grande formato'],
    ['Digitale', 'Schermi DOOH'],
    ['Arredo urbano', 'Pensiline, paline, fioriere'],
    ['Dinamica', 'Mezzi pubblici e camion vela'],
  ],
  location: [
    ['Strada urbana', null],
    ['Tangenziale', 'Strade a scorrimento veloce'],
    ['Centro commerciale', null],
    ['Fermata metropolitana', null],
    ['Stazione ferroviaria', null],
    ['Aeroporto', null],
  ],
  supplier: [
    ['Stampa Veloce Srl', 'Stampa manifesti'],
    ['Posa Nord Snc', 'Attacchinaggio'],
    ['LED Vision Spa', 'Schermi digitali'],
  ],
  product_category: [
    ['Alimentari', null],
    ['Bevande', null],
    ['Automobili', null],
    ['Telefonia', null],
    ['Moda', null],
    ['Banche e assicurazioni', null],
    ['Grande distribuzione', null],
    ['Turismo', null],
  ],
};

const MEDIA_OWNERS: Array<[string, string, string]> = [
  ['Affissioni Lombarde Srl', 'Milano', 'commerciale@affissionilombarde.it'],
  ['Urban Media Italia', 'Roma', 'vendite@urbanmedia.it'],
  ['Pubblicità Tirrena Spa', 'Livorno', 'info@pubblicitatirrena.it'],
  ['Cartelloni del Nord Srl', 'Torino', 'ufficio@cartellonidelnord.it'],
  ['Spazi Digitali Srl', 'Bologna', 'commerciale@spazidigitali.it'],
  ['Affissioni Partenopee Srl', 'Napoli', 'info@affissionipartenopee.it'],
  ['Metropubblicità Spa', 'Milano', 'contatti@metropubblicita.it'],
  ['Veneta Outdoor Srl', 'Padova', 'commerciale@venetaoutdoor.it'],
];

const BRANDS: Array<[string, string, string[]]> = [
  ['Caffè Aurora', 'Torrefazione Aurora Spa', ['Miscela Oro', 'Capsule Intenso']],
  ['Pasta Etrusca', 'Pastificio Etrusco Srl', ['Linea Integrale', 'Formati Tradizionali']],
  ['Birra Dolomiti', 'Birrificio Dolomiti Spa', ['Estate 2025', 'Non Filtrata']],
  ['Mobilità Verde', 'Mobilità Verde Spa', ['Auto elettrica', 'Noleggio a lungo termine']],
  ['TeleItalia Mobile', 'TeleItalia Spa', ['Offerta Giga', 'Fibra Casa']],
  ['Moda Riviera', 'Riviera Fashion Srl', ['Collezione Primavera', 'Saldi Invernali']],
  ['Banca del Territorio', 'Banca del Territorio Scpa', ['Mutuo Giovani', 'Conto Zero']],
  ['SuperMercati Sole', 'Sole Distribuzione Spa', ['Volantino Settimanale', 'Prodotti Locali']],
  ['Gelateria Siciliana', 'Dolci di Sicilia Srl', ['Gusti Estate']],
  ['Viaggi Azzurri', 'Azzurri Tour Operator Srl', ['Crociere', 'Weekend in Italia']],
  ['Acqua Alpina', 'Fonti Alpine Spa', ['Frizzante', 'Naturale']],
  ['Assicurazioni Serene', 'Serene Assicurazioni Spa', ['Polizza Casa', 'RC Auto']],
];

const STREETS = [
  'Via Roma',
  'Corso Italia',
  'Via Garibaldi',
  'Viale Mazzini',
  'Via Dante',
  'Corso Vittorio Emanuele',
  'Via Torino',
  'Piazza Cavour',
  'Via Verdi',
  'Viale della Repubblica',
];
const FIRST = ['Giulia', 'Paolo', 'Marta', 'Luigi', 'Silvia', 'Franco', 'Anna', 'Roberto'];
const LAST = ['Ferrari', 'Esposito', 'Romano', 'Ricci', 'Marino', 'Greco', 'Conti', 'De Luca'];

function vat(rng: SeedOptions['rng']): string {
  return Array.from({ length: 11 }, () => rng.int(0, 9)).join('');
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '');

export async function seed(db: Db, { size, rng }: SeedOptions): Promise<void> {
  for (const [name, surname] of AGENTS)
    await insertAgent(db, { name, surname, email: `${slug(name)}.${slug(surname)}@agenti.ooh.it` });
  const items: Partial<Record<SubItemTypeName, SubItem[]>> = {};
  for (const type of SUB_ITEM_TYPES) {
    items[type] = [];
    for (const [name, description] of SUB_ITEMS[type])
      items[type]!.push(await insertSubItem(db, type, { name, description }));
  }

  const places = (await seededMunicipalities(db)).filter((m) => m.capital);
  const fallback = [
    { name: 'Milano', latitude: 45.4642, longitude: 9.19 },
    { name: 'Roma', latitude: 41.9028, longitude: 12.4964 },
  ];
  const towns = places.length ? places : fallback;

  for (const [owner, town, email] of MEDIA_OWNERS) {
    await db.query('INSERT INTO audit_lookups (kind, key, data) VALUES ($1, $2, $3)', [
      'mediaSupplier',
      owner,
      JSON.stringify({
        companyName: owner,
        vatNumber: vat(rng),
        address: `${rng.pick(STREETS)} ${rng.int(1, 120)}`,
        municipality: town,
        email,
        phone: `+39 0${rng.int(10, 99)} ${rng.int(1000000, 9999999)}`,
        contactPerson: `${rng.pick(FIRST)} ${rng.pick(LAST)}`,
      }),
    ]);
  }
  for (const [brand, company, subjects] of BRANDS) {
    const data = {
      companyName: company,
      vatNumber: vat(rng),
      address: `${rng.pick(STREETS)} ${rng.int(1, 120)}`,
      municipality: rng.pick(towns).name,
      email: `segreteria@${slug(brand)}.it`,
      phone: `+39 0${rng.int(10, 99)} ${rng.int(1000000, 9999999)}`,
      contactPerson: `${rng.pick(FIRST)} ${rng.pick(LAST)}`,
    };
    await db.query('INSERT INTO audit_lookups (kind, key, data) VALUES ($1, $2, $3)', [
      'brand',
      brand,
      JSON.stringify(data),
    ]);
    for (const s of subjects)
      await db.query('INSERT INTO audit_lookups (kind, key, data) VALUES ($1, $2, $3)', [
        'subject',
        `${brand} – ${s}`,
        JSON.stringify(data),
      ]);
  }

  // Two years of detections up to the sandbox's "today" (2026-11-20), ~3,000 (more with the large seed).
  const count = size === 'large' ? 12000 : 3000;
  const end = Date.UTC(2026, 10, 20);
  const span = 730;
  const rows: StoredDetection[] = [];
  for (let i = 0; i < count; i++) {
    const [brand, , subjects] = rng.pick(BRANDS);
    const town = rng.pick(towns);
    const format = rng.pick(items.format!);
    const media = rng.pick(items.media_type!);
    const location = rng.pick(items.location!);
    const category = rng.pick(items.product_category!);
    const day = new Date(end - Math.floor(Math.pow(rng.next(), 0.8) * span) * 86400000)
      .toISOString()
      .slice(0, 10);
    // About 1% new leads (so a first CRM sync stays short), 10% further along or discarded.
    const lead: LeadStatus = rng.chance(0.89)
      ? 'none'
      : rng.pick([
          'new',
          'contacted',
          'contacted',
          'converted',
          'converted',
          'discarded',
          'discarded',
          'discarded',
          'discarded',
          'discarded',
        ] as const);
    rows.push({
      detectionDate: day,
      mediaOwner: rng.pick(MEDIA_OWNERS)[0],
      brandName: brand,
      subject: `${brand} – ${rng.pick(subjects)}`,
      agentId: rng.int(1, AGENTS.length),
      address: `${rng.pick(STREETS)} ${rng.int(1, 200)}`,
      municipality: town.name,
      latitude: Math.round((town.latitude + (rng.next() - 0.5) * 0.04) * 1e6) / 1e6,
      longitude: Math.round((town.longitude + (rng.next() - 0.5) * 0.04) * 1e6) / 1e6,
      format: format.name,
      mediaType: media.name,
      photoIds: [],
      leadStatus: lead,
      leadNote: lead === 'none' ? null : 'Segnalato dal media monitor.',
      notes: rng.chance(0.2) ? 'Impianto illuminato, ben visibile.' : null,
      items: {
        format: format,
        media_type: media,
        location: location,
        product_category: category,
      },
    });
  }
  // Oldest first, so auditIds follow the dates; inserted in batches through jsonb_array_elements.
  rows.sort((a, b) => a.detectionDate.localeCompare(b.detectionDate));
  for (let i = 0; i < rows.length; i += 500) {
    await db.query(
      `INSERT INTO audit_detections (detection_date, data)
       SELECT (e->>'detectionDate')::date, e FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n`,
      [JSON.stringify(rows.slice(i, i + 500))],
    );
  }
}
