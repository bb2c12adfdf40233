import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { failureMessage } from '@/api/failures';

/** «Scarica PDF» on a shared page: disabled while the file comes, its failure said under it. */
export function PdfButton({
  label,
  download,
  variant = 'outlined',
}: {
  label: string;
  download: () => Promise<unknown>;
  variant?: 'outlined' | 'contained';
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const start = () => {
    setPending(true);
    setError(undefined);
    download()
      .catch((e: unknown) => setError(failureMessage(e)))
      .finally(() => setPending(false));
  };
  return (
    <>
      <Button
        variant={variant}
        startIcon={<PictureAsPdfIcon />}
        disabled={pending}
        onClick={start}
        sx={{ alignSelf: 'flex-start' }}
      >
        {label}
      </Button>
      {error ? <Alert severity="error">{error}</Alert> : null}
    </>
  );
}
