import type { ResourcesMessages } from '../types';

/** English messages of a DOOH campaign's proof of play (the campaign's «Proof of play» tab). */
export const playProof: ResourcesMessages = {
  proofOfPlay: {
    name: 'Proof of play',
    tab: 'Proof of play',
    loading: 'Loading the proof of play',
    summary: 'Delivered %{delivered} plays of %{contracted} contracted (%{percent}), up to %{through}.',
    rule: 'Contracted: one play per loop and booked slot while the screen is on. A day counts once it has ended.',
    short: 'Days under contract: %{days}, plays missing: %{missing}.',
    full: 'Every day delivered the contracted plays.',
    screen: '%{frame} of %{code} · %{name}',
    place: '%{address}, %{municipality} · on %{opens}–%{closes} · loop %{loop} s · player %{players}',
    noPlayers: 'none',
    export: 'Export CSV',
    file: 'proof_of_play_%{campaign}.csv',
    total: 'Campaign total',
    screenTotal: 'Screen total',
    shortfall: 'Under contract',
    fields: {
      system: 'System',
      systemName: 'System name',
      address: 'Address',
      municipality: 'Municipality',
      screen: 'Screen',
      day: 'Day',
      slots: 'Slots',
      contracted: 'Contracted',
      delivered: 'Delivered',
      percent: '% delivered',
      missing: 'Missing',
      audience: 'Audience',
    },
  },
};
