import type { ServiceHandlers } from '../http';

/** The creativity service. Its operations answer 501 until their handlers are written here. */
export const handlers: ServiceHandlers = {};
