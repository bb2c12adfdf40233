import { createSystemBody } from './generated/systems.fields';
import type { SchemaSystemTypeCode } from './generated/systems';

/*
 * The system kinds, types and statuses of openapi/systems.yaml, written once:
 * the app's screens and the sandbox (seed, validation, import template) import them from here, the
 * way src/auth/roles.ts serves both. The lists come from the document's enums through the generated
 * field map (`systems.fields.ts`, generated beside the zod schema), so a change to the document
 * reaches every user.
 */

export const SYSTEM_KINDS = createSystemBody.fields.type.options;
export const SYSTEM_TYPES = createSystemBody.fields.systemType.options;
export const SYSTEM_STATUSES = createSystemBody.fields.status.options;

/**
 * The types a DOOH system takes. The document states this subset in words (SystemTypeCode's
 * description, and a 400 otherwise), not as a schema, so it is written here, checked against the enum.
 */
export const DOOH_SYSTEM_TYPES = ['alux', 'customdooh', 'posterdooh', 'totem'] as const satisfies readonly SchemaSystemTypeCode[];

export type SystemKind = (typeof SYSTEM_KINDS)[number];
export type SystemTypeCode = (typeof SYSTEM_TYPES)[number];
export type SystemStatus = (typeof SYSTEM_STATUSES)[number];

/** The types a kind allows: DOOH only four (alux, customdooh, posterdooh, totem), OOH all. */
export function systemTypesFor(kind: SystemKind | '' | null | undefined): readonly SystemTypeCode[] {
  return kind === 'DOOH' ? DOOH_SYSTEM_TYPES : SYSTEM_TYPES;
}

/** Whether a system of `kind` may be of `systemType`. */
export function allowsSystemType(kind: SystemKind, systemType: string): boolean {
  return (systemTypesFor(kind) as readonly string[]).includes(systemType);
}
