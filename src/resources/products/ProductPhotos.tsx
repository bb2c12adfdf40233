import { useEffect, useRef, useState } from 'react';
import { Box, Button, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { getProductPhoto } from '@/api/product';
import { productsDataProvider } from '@/dataProviders/products';
import { useNotifyError } from '@/resources/advertisers/notify';

function Photo({ id, productId, onDeleted }: { id: number; productId: number; onDeleted: () => void }) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    let objectUrl: string | undefined;
    let alive = true;
    getProductPhoto(id)
      .then((blob) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  return (
    <Box sx={{ position: 'relative', width: 120, height: 90, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {url ? <img src={url} alt={translate('resources.products.photos.alt', { id })} style={{ maxWidth: '100%', maxHeight: '100%' }} /> : <Typography variant="caption">{failed ? translate('resources.products.photos.load_error') : '…'}</Typography>}
      <IconButton size="small" color="error" aria-label={translate('resources.products.photos.delete')} onClick={() => setConfirming(true)} sx={{ position: 'absolute', top: 0, right: 0, bgcolor: 'background.paper' }}>
        <DeleteIcon fontSize="small" />
      </IconButton>
      <Confirm
        isOpen={confirming}
        title="resources.products.photos.delete"
        content="resources.products.photos.delete_content"
        onConfirm={() => {
          setConfirming(false);
          productsDataProvider.deletePhoto(id, productId).then(onDeleted).catch(notifyError);
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/** A product's photos: shown, uploaded (multipart, with progress) and deleted. */
export function ProductPhotos() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  if (!record) return null;
  const productId = Number(record.id);
  const upload = async (file: File) => {
    setProgress(0);
    try {
      await productsDataProvider.uploadPhoto(productId, file, setProgress);
      notify('resources.products.photos.uploaded', { type: 'success' });
      refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setProgress(undefined);
      if (input.current) input.current.value = '';
    }
  };
  const photoIds = (record.photoIds as number[] | undefined) ?? [];
  return (
    <Box component="section" aria-label={translate('resources.products.photos.title')} sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%' }}>
      <Typography variant="subtitle1" component="h2">{translate('resources.products.photos.title')}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {photoIds.length ? photoIds.map((id) => <Photo key={id} id={id} productId={productId} onDeleted={refresh} />) : <Typography variant="body2" color="text.secondary">{translate('resources.products.photos.none')}</Typography>}
      </Stack>
      {progress !== undefined ? <LinearProgress variant="determinate" value={progress} aria-label={translate('resources.products.photos.uploading')} /> : null}
      <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" hidden onChange={(e) => { const f = e.target.files?.[0]; if (f) void upload(f); }} />
      <Button size="small" startIcon={<UploadIcon />} disabled={progress !== undefined} onClick={() => input.current?.click()} sx={{ alignSelf: 'flex-start' }}>
        {translate('resources.products.photos.upload')}
      </Button>
    </Box>
  );
}
