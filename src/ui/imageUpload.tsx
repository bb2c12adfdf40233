import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { LinearProgress } from '@mui/material';

/** The image types an image chooser offers. */
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';

/** An image blob as an object URL for as long as the blob is shown. */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

/**
 * The state of one image upload: the hidden chooser's ref, the progress (undefined while none runs)
 * and `settle`, which ends the upload and empties the chooser so the same file can be chosen again.
 */
export function useImageUpload() {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const settle = () => {
    setProgress(undefined);
    if (input.current) input.current.value = '';
  };
  return { input, progress, setProgress, settle };
}

/** The hidden chooser of one image (PNG, JPEG, WebP), opened by a button through `input`. */
export function ImageChooser({
  input,
  onFile,
  testId,
}: {
  input: RefObject<HTMLInputElement | null>;
  onFile: (file: File) => void;
  testId?: string;
}) {
  return (
    <input
      ref={input}
      type="file"
      accept={IMAGE_TYPES}
      hidden
      data-testid={testId}
      onChange={(e) => {
        const file = e.target.files?.[0];
        if (file) onFile(file);
      }}
    />
  );
}

/** The bar of an upload in progress (nothing while none runs). */
export function UploadProgress({ progress, label }: { progress: number | undefined; label: string }) {
  return progress !== undefined ? (
    <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={label} />
  ) : null;
}
