import type { SchemaTeam } from '@/api/generated/systems';
import { createTeamBody } from '@/api/generated/systems.zod';

export type Team = SchemaTeam;

/** The team form: the document's TeamInput; a cleared optional text (null) is absent. */
export const teamSchema = createTeamBody.extend({
  address: createTeamBody.shape.address.unwrap().nullish(),
  phone: createTeamBody.shape.phone.unwrap().nullish(),
});
