import type { components, operations } from '../../src/api/generated/companies';
import type { Db } from '../db';
import { listRecords, insertRecord } from '../store';
import type { SeedOptions } from '../seed/options';
import { defineHandlers } from '../typed';

/** The companies service: the company registry, collection `companies` of the record store. */

type Company = components['schemas']['Company'];

export const COMPANIES: Array<Omit<Company, 'id'>> = [
  {
    name: 'Affissioni Lombarde S.r.l.', vatNumber: '04512390966', fiscalCode: '04512390966', address: 'Via Torino 12', zipCode: '20123',
    city: 'Milano', province: 'MI', region: 'Lombardia', country: 'IT', email: 'info@affissionilombarde.it', phone: '+39 02 8765 4321',
    website: 'https://www.affissionilombarde.it', active: true,
  },
  {
    name: 'Pubblicità Capitolina S.p.A.', vatNumber: '09876540585', fiscalCode: '09876540585', address: 'Via del Corso 150', zipCode: '00186',
    city: 'Roma', province: 'RM', region: 'Lazio', country: 'IT', email: 'commerciale@pubblicitacapitolina.it', phone: '+39 06 6789 1200',
    website: 'https://www.pubblicitacapitolina.it', active: true,
  },
  {
    name: 'Media Partenope S.r.l.', vatNumber: '07654321087', fiscalCode: '07654321087', address: 'Via Toledo 256', zipCode: '80134',
    city: 'Napoli', province: 'NA', region: 'Campania', country: 'IT', email: 'info@mediapartenope.it', phone: '+39 081 552 3300', active: true,
  },
  {
    name: 'Torino Outdoor S.r.l.', vatNumber: '03123450151', fiscalCode: '03123450151', address: 'Corso Vittorio Emanuele II 74', zipCode: '10121',
    city: 'Torino', province: 'TO', region: 'Piemonte', country: 'IT', email: 'contatti@torinooutdoor.it', phone: '+39 011 543 2100',
    website: 'https://www.torinooutdoor.it', active: true,
  },
  {
    name: 'DOOH Italia S.p.A.', vatNumber: '02233440151', fiscalCode: '02233440151', address: 'Viale Monza 265', zipCode: '20126',
    city: 'Milano', province: 'MI', region: 'Lombardia', country: 'IT', email: 'sales@doohitalia.it', phone: '+39 02 3659 8800',
    website: 'https://www.doohitalia.it', active: true,
  },
  {
    name: 'Adriatica Affissioni S.r.l.', vatNumber: '05566770482', fiscalCode: '05566770482', address: 'Corso Cavour 40', zipCode: '70121',
    city: 'Bari', province: 'BA', region: 'Puglia', country: 'IT', email: 'amministrazione@adriaticaaffissioni.it', phone: '+39 080 521 7700', active: true,
  },
  {
    name: 'Sicilia Media Impianti S.r.l.', vatNumber: '01987650726', fiscalCode: '01987650726', address: 'Via Libertà 102', zipCode: '90143',
    city: 'Palermo', province: 'PA', region: 'Sicilia', country: 'IT', email: 'info@siciliamediaimpianti.it', phone: '+39 091 611 4400', active: true,
  },
  {
    name: 'Veneto Spazi Pubblicitari S.r.l.', vatNumber: '08765430635', fiscalCode: '08765430635', address: 'Via Trieste 31', zipCode: '35121',
    city: 'Padova', province: 'PD', region: 'Veneto', country: 'IT', email: 'info@venetospazi.it', phone: '+39 049 876 5500', active: true,
  },
  {
    name: 'Toscana Comunicazione Esterna S.r.l.', vatNumber: '03456780216', fiscalCode: '03456780216', address: 'Viale Fratelli Rosselli 8',
    zipCode: '50123', city: 'Firenze', province: 'FI', region: 'Toscana', country: 'IT', email: 'info@toscanacomunicazione.it', active: false,
  },
];

export async function seed(db: Db, _options: SeedOptions): Promise<void> {
  for (const company of COMPANIES) await insertRecord(db, 'companies', company);
}

export const handlers = defineHandlers<operations>({
  async listCompanies(ctx) {
    const { rows } = await listRecords(ctx.db, 'companies', { sort: ['name', 'ASC'], range: [0, 9999] });
    return rows as Company[];
  },
});
