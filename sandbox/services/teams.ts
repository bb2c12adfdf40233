import type { ServiceHandlers } from '../http';

/** The provider teams of the systems service (spec §7 "Teams", in systems.yaml). */
export const teamHandlers: ServiceHandlers = {};
