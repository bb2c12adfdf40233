import { z } from 'zod';
import type { SchemaCircuit, SchemaCircuitAsset, SchemaCircuitType } from '@/api/generated/circuits';
import { createCircuitBody, createCircuitQueryParams } from '@/api/generated/circuits.zod';

export type Circuit = SchemaCircuit;
export type CircuitAsset = SchemaCircuitAsset;
export type CircuitType = SchemaCircuitType;

export const CIRCUIT_TYPES = createCircuitQueryParams.shape.type.options;
export const circuitTypeChoices = CIRCUIT_TYPES.map((t) => ({ id: t, name: t }));

/** The create query of the document; a cleared picker (null) is "none" like an absent one. */
export const circuitSchema = createCircuitQueryParams.extend({
  playlistId: createCircuitQueryParams.shape.playlistId.unwrap().nullish(),
  showId: createCircuitQueryParams.shape.showId.unwrap().nullish(),
});

/** Renaming: the document's name rule only. */
export const circuitNameSchema = createCircuitQueryParams.pick({ name: true });

/** Adding a member: one system id, as the document's member list holds them. */
export const memberSchema = z.object({ systemId: createCircuitBody.shape.assets.innerType().element });
