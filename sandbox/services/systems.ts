import type { ServiceHandlers } from '../http';
import { teamHandlers } from './teams';

/** The systems service: systems (here) and provider teams (./teams.ts), both in systems.yaml. */
export const handlers: ServiceHandlers = { ...teamHandlers };
