/** The six price lists of the seed; the product seed fills in their prices. */
export const SEED_CATALOGS = [
  { name: 'Listino OOH 2026', description: 'Prezzi degli impianti statici e digitali in Lombardia.', validFrom: '2026-01-01', validTo: '2026-12-31', factor: 1, active: true },
  { name: 'Listino Roma promozionale', description: 'Tariffe promozionali per Roma e il Lazio.', validFrom: '2026-03-01', validTo: '2026-06-30', factor: 0.87, active: true },
  { name: 'Listino DOOH 2026', description: 'Schermi, totem e maxi LED in tutta Italia.', validFrom: '2026-01-01', validTo: '2026-12-31', factor: 1.05, active: true },
  { name: 'Listino Nord-Est 2025', description: 'Veneto, Friuli-Venezia Giulia e Trentino-Alto Adige.', validFrom: '2025-01-01', validTo: '2025-12-31', factor: 0.95, active: false },
  { name: 'Listino Sud e Isole 2026', description: 'Campania, Puglia, Sicilia e Sardegna.', validFrom: '2026-01-01', factor: 0.8, active: true },
  { name: 'Listino Grandi formati', description: 'Teli, maxi affissioni e stendardi.', validFrom: '2025-06-01', factor: 1.15, active: true },
];
