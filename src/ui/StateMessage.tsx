import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { failureMessage } from '@/api/failures';

/** A failure or an empty state in place of the content, with a clear Italian message; otherwise the content. */
export function StateMessage({ error, empty, children }: { error?: unknown; empty?: string; children?: ReactNode }) {
  if (error) return <Alert severity="error">{failureMessage(error)}</Alert>;
  if (empty) return <Alert severity="info">{empty}</Alert>;
  return <>{children}</>;
}
