import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Confirm, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';
import { ImageChooser, UploadProgress, useImageUpload, useObjectUrl } from '@/ui/imageUpload';
import { useFailure } from '@/ui/useFailure';

/** After a photo is added or removed the product (its photoIds) is read again. */
const invalidateProducts = (queryClient: ReturnType<typeof useQueryClient>) =>
  void queryClient.invalidateQueries({ queryKey: ['products'] });

function Photo({ id, productId }: { id: number; productId: number }) {
  const translate = useTranslate();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const photo = useQuery({
    queryKey: ['products', 'productPhoto', id],
    queryFn: () => dataProvider.productPhoto('products', { photoId: id }),
    retry: false,
  });
  const url = useObjectUrl(photo.data);
  const remove = useMutation({
    mutationFn: () => dataProvider.deleteProductPhoto('products', { photoId: id, productId }),
    onSuccess: () => invalidateProducts(queryClient),
    onError: failure,
  });
  return (
    <Box sx={{ position: 'relative', width: 120, height: 90, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {url ? <img src={url} alt={translate('resources.products.photos.alt', { id })} style={{ maxWidth: '100%', maxHeight: '100%' }} /> : <Typography variant="caption">{photo.error ? translate('resources.products.photos.load_error') : '…'}</Typography>}
      <IconButton size="small" color="error" aria-label={translate('resources.products.photos.delete')} onClick={() => setConfirming(true)} sx={{ position: 'absolute', top: 0, right: 0, bgcolor: 'background.paper' }}>
        <DeleteIcon fontSize="small" />
      </IconButton>
      <Confirm
        isOpen={confirming}
        title="resources.products.photos.delete"
        content="resources.products.photos.delete_content"
        onConfirm={() => {
          setConfirming(false);
          remove.mutate();
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/** A product's photos: shown, uploaded (the one multipart upload, with progress) and deleted. */
export function ProductPhotos() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { input, progress, setProgress, settle } = useImageUpload();
  const productId = Number(record?.id);
  const upload = useMutation({
    mutationFn: (file: File) => dataProvider.uploadProductPhoto('products', { productId, file, onProgress: setProgress }),
    onMutate: () => setProgress(0),
    onSuccess: () => {
      notify('resources.products.photos.uploaded', { type: 'success' });
      invalidateProducts(queryClient);
    },
    onError: failure,
    onSettled: settle,
  });
  if (!record) return null;
  const photoIds = (record.photoIds as number[] | undefined) ?? [];
  return (
    <Box component="section" aria-label={translate('resources.products.photos.title')} sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%' }}>
      <Typography variant="subtitle1" component="h2">{translate('resources.products.photos.title')}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {photoIds.length ? photoIds.map((id) => <Photo key={id} id={id} productId={productId} />) : <Typography variant="body2" color="text.secondary">{translate('resources.products.photos.none')}</Typography>}
      </Stack>
      <UploadProgress progress={progress} label={translate('resources.products.photos.uploading')} />
      <ImageChooser input={input} onFile={(file) => upload.mutate(file)} />
      <Button size="small" startIcon={<UploadIcon />} disabled={progress !== undefined} onClick={() => input.current?.click()} sx={{ alignSelf: 'flex-start' }}>
        {translate('resources.products.photos.upload')}
      </Button>
    </Box>
  );
}
