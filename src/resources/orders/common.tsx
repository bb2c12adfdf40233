import { useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNotify, useTranslate } from 'react-admin';
import { failureMessage } from '@/api/failures';
import { ApiError } from '@/api/http';
import { getRole } from '@/auth/session';
import { canOpen } from '@/auth/permissions';
import { formatDate, formatMoney } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';

/* Pieces the execution screens share: the app's formats with a dash for "none", the upload box with progress, states. */

export const euro = (value: number | null | undefined) => formatMoney(value) || '—';

export const day = (iso: string | null | undefined) => formatDate(iso) || '—';

export const period = (start?: string | null, end?: string | null) => `${day(start)} – ${day(end)}`;

export const bytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

/** Whether the signed-in role may open a path (the one permission table decides). */
export const mayOpen = (path: string) => canOpen(getRole(), path);

/** The message of a failure, for a notification (the service's Italian message when there is one). */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback;

/** A file chooser that uploads at once, showing the progress; `accept` limits the chooser. */
export function UploadBox({
  label,
  accept,
  upload,
  onDone,
  disabled,
}: {
  label: string;
  accept: string;
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  onDone: () => void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [name, setName] = useState('');
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setName(file.name);
    setProgress(0);
    try {
      await upload(file, setProgress);
      notify('resources.orders.upload.done', { type: 'success', messageArgs: { name: file.name } });
      onDone();
    } catch (error) {
      failure(error);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box sx={{ my: 2 }}>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid="upload-input"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Button
        variant="contained"
        startIcon={<UploadFileIcon />}
        disabled={disabled || progress !== null}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      {progress !== null && (
        <Stack sx={{ mt: 1, maxWidth: 420 }} role="status">
          <Typography variant="body2">
            {translate('resources.orders.upload.progress', { name, percent: Math.round(progress * 100) })}
          </Typography>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} />
        </Stack>
      )}
    </Box>
  );
}

/** An empty state or a failure, with a clear Italian message. */
export function StateMessage({
  error,
  empty,
  children,
}: {
  error?: unknown;
  empty?: string;
  children?: ReactNode;
}) {
  if (error) return <Alert severity="error">{failureMessage(error)}</Alert>;
  if (empty) return <Alert severity="info">{empty}</Alert>;
  return <>{children}</>;
}
