import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ApiError } from '@/api/http';
import { systemsDataProvider as dp } from '@/dataProviders/systems';
import type { SystemKind } from '@/api/systems';

/** Helpers shared by the systems screens. */

export const ALL_SYSTEM_TYPES = [
  'alux',
  'customdooh',
  'posterdooh',
  'totem',
  'customooh',
  'autobus',
  'butterfly',
  'cassonetto',
  'fioriera',
  'palina',
  'paloluce',
  'parapedonale',
  'pensilina',
  'plancia',
  'poster',
  'rotor',
  'stendardo',
  'telo',
  'tiny-markers',
] as const;
export const DOOH_TYPES = ['alux', 'customdooh', 'posterdooh', 'totem'] as const;
export const STATUSES = ['initialized', 'active', 'maintenance', 'removed'] as const;

/** The Italian message of any failure (the ApiError message the service gave). */
export const errorText = (e: unknown) =>
  e instanceof ApiError || e instanceof Error ? e.message : String(e);

/** `translate('resources.systems.<key>')`. */
export function useT() {
  const translate = useTranslate();
  return (key: string, options?: Record<string, unknown>) => translate(`resources.systems.${key}`, options);
}

export interface Named {
  id: number;
  name: string;
}

export interface Lookups {
  mediaOwners: Named[];
  areas: Named[];
  leases: Named[];
  authorizations: Named[];
  municipalities: { istatCode: string; name: string; province: string }[];
}

/** The lookups of the filters and the form, loaded once when `enabled`. */
export function useLookups(enabled: boolean): { lookups?: Lookups; error?: unknown } {
  const [state, setState] = useState<{ lookups?: Lookups; error?: unknown }>({});
  useEffect(() => {
    if (!enabled || state.lookups) return;
    let live = true;
    Promise.all([dp.mediaOwners(), dp.areas(), dp.leases(), dp.authorizations(), dp.municipalities()])
      .then(([mediaOwners, areas, leases, authorizations, municipalities]) => {
        if (live) setState({ lookups: { mediaOwners, areas, leases, authorizations, municipalities } });
      })
      .catch((error: unknown) => live && setState({ error }));
    return () => {
      live = false;
    };
  }, [enabled, state.lookups]);
  return state;
}

/** The system types a kind allows (spec §3): DOOH only four, OOH all. */
export const typesFor = (kind: SystemKind | '' | undefined): readonly string[] =>
  kind === 'DOOH' ? DOOH_TYPES : ALL_SYSTEM_TYPES;

/** A small debounce of a changing value. */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * A notification of a text already in Italian (a translated message or the service's message):
 * passed as the polyglot default, so it is shown as is and never looked up as a key.
 */
export function useSay() {
  const notify = useNotify();
  return useCallback(
    (text: string, type: 'info' | 'success' | 'warning' | 'error' = 'info') =>
      notify(text, { type, messageArgs: { _: text } }),
    [notify],
  );
}
