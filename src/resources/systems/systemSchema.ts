import { z } from 'zod';
import { createSystemBody } from '@/api/generated/systems.zod';
import type { SchemaSystem as System } from '@/api/generated/systems';
import { allowsSystemType } from '@/api/systemCodes';
import { withRules, type FormRule } from '@/ui/validation';

/*
 * The system form's validation: the document's SystemInput (generated zod), never retyped, plus
 * the rule the document states in words (a DOOH system takes only the DOOH types).
 */

/** react-admin holds a cleared optional input as null; the document means "absent". */
const withoutNulls = (values: unknown) =>
  values && typeof values === 'object' && !Array.isArray(values)
    ? Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null))
    : values;

type SystemBody = z.infer<typeof createSystemBody>;

const doohTypes: FormRule<SystemBody> = (values, ctx) => {
  if (!allowsSystemType(values.type, values.systemType))
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['systemType'], message: 'resources.systems.validation.dooh_type' });
};

export const systemSchema = withRules(z.preprocess(withoutNulls, createSystemBody), doohTypes);

/** The form's values of a system as read (references by id, the municipality by its ISTAT code). */
export function formValuesOf(s: System) {
  return {
    id: s.id,
    code: s.code,
    name: s.name,
    type: s.type,
    systemType: s.systemType,
    status: s.status,
    sizes: s.sizes.map((z) => ({ sizeId: z.sizeId, width: z.width, height: z.height })),
    address: s.address,
    region: s.region,
    province: s.province,
    municipalityId: s.municipality.istatCode,
    zipCode: s.zipCode,
    latitude: s.latitude,
    longitude: s.longitude,
    leaseId: s.lease?.id,
    areaId: s.area?.id,
    authorizationIds: s.authorizations.map((a) => a.id),
    mediaOwnerIds: s.mediaOwners.map((m) => m.id),
    domains: s.domains,
    illuminated: s.illuminated,
    faces: s.faces,
    notes: s.notes,
  };
}

/** A new system: OOH, initialized, one face. */
export const NEW_SYSTEM = { type: 'OOH', status: 'initialized', faces: 1, illuminated: false };
