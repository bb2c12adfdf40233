import { useRef, useState } from 'react';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNotify, useTranslate } from 'react-admin';
import { useFailure } from '@/ui/useFailure';

/**
 * A file chooser that uploads the chosen file at once, showing the progress; `accept` limits the
 * chooser. `upload` is a data provider method built on src/api/http.ts `upload`.
 */
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
      notify('app.files.uploaded', { type: 'success', messageArgs: { name: file.name } });
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
            {translate('app.files.uploading', { name, percent: Math.round(progress * 100) })}
          </Typography>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} />
        </Stack>
      )}
    </Box>
  );
}
