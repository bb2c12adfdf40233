import type { ResourcesMessages } from '../types';

/** Italian messages of a DOOH campaign's proof of play (the campaign's «Prova di trasmissione» tab). */
export const playProof: ResourcesMessages = {
  proofOfPlay: {
    name: 'Prova di trasmissione',
    tab: 'Prova di trasmissione',
    loading: 'Caricamento della prova di trasmissione',
    summary: 'Erogate %{delivered} riproduzioni su %{contracted} contrattate (%{percent}), fino al %{through}.',
    rule: 'Contrattate: una riproduzione per loop e per slot prenotato mentre lo schermo è acceso. Un giorno si conta quando è concluso.',
    short: 'Giorni sotto il contratto: %{days}, riproduzioni mancanti: %{missing}.',
    full: 'Ogni giorno ha erogato le riproduzioni contrattate.',
    screen: '%{frame} di %{code} · %{name}',
    place: '%{address}, %{municipality} · acceso %{opens}–%{closes} · loop %{loop} s · player %{players}',
    noPlayers: 'nessuno',
    export: 'Esporta CSV',
    file: 'prova_di_trasmissione_%{campaign}.csv',
    total: 'Totale campagna',
    screenTotal: 'Totale schermo',
    shortfall: 'Sotto il contratto',
    fields: {
      system: 'Impianto',
      systemName: 'Nome impianto',
      address: 'Indirizzo',
      municipality: 'Comune',
      screen: 'Schermo',
      day: 'Giorno',
      slots: 'Slot',
      contracted: 'Contrattate',
      delivered: 'Erogate',
      percent: '% erogata',
      missing: 'Mancanti',
      audience: 'Audience',
    },
  },
};
