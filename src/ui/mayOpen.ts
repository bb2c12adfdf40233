import { canOpen } from '@/auth/permissions';
import { getRole } from '@/auth/session';

/** Whether the signed-in role may open a path (the one permission table decides): a link shows only then. */
export const mayOpen = (path: string) => canOpen(getRole(), path);
