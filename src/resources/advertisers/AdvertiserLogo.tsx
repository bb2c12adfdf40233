import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';
import { ImageChooser, UploadProgress, useImageUpload, useObjectUrl } from '@/ui/imageUpload';
import { useFailure } from '@/ui/useFailure';

/** The advertiser's logo: shown, uploaded (or replaced) with progress, deleted; failures carry their fixed Italian texts. */
export function AdvertiserLogo() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { input, progress, setProgress, settle } = useImageUpload();
  const [confirming, setConfirming] = useState(false);
  const logoId = record?.logoId as number | undefined;
  const id = Number(record?.id);

  const logo = useQuery({
    queryKey: ['advertisers', 'advertiserLogo', logoId],
    queryFn: () => dataProvider.advertiserLogo('advertisers', { logoId: logoId! }),
    enabled: Boolean(logoId),
    retry: false,
  });
  const url = useObjectUrl(logoId ? logo.data : undefined);
  const loadError = logoId && logo.error ? logo.error.message : undefined;
  const done = (message: string) => {
    notify(message, { type: 'success' });
    void queryClient.invalidateQueries({ queryKey: ['advertisers'] });
  };
  const save = useMutation({
    mutationFn: (file: File) =>
      dataProvider.saveAdvertiserLogo('advertisers', { id, file, replace: Boolean(logoId), onProgress: setProgress }),
    onSuccess: () => done('resources.advertisers.logo.saved'),
    onError: failure,
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: () => dataProvider.deleteAdvertiserLogo('advertisers', { logoId: logoId! }),
    onSuccess: () => done('resources.advertisers.logo.deleted'),
    onError: failure,
  });
  const busy = save.isPending || remove.isPending;
  if (!record) return null;

  return (
    <Box
      component="section"
      aria-label={translate('resources.advertisers.logo.title')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 220 }}
    >
      <Typography variant="subtitle1" component="h2">
        {translate('resources.advertisers.logo.title')}
      </Typography>
      <Box
        sx={{
          width: 200,
          height: 120,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {busy ? (
          <CircularProgress size={28} aria-label={translate('resources.advertisers.logo.uploading')} />
        ) : url ? (
          <img
            src={url}
            alt={translate('resources.advertisers.logo.alt', { name: String(record.name) })}
            style={{ maxWidth: '100%', maxHeight: '100%' }}
            data-testid="advertiser-logo"
          />
        ) : (
          <Typography variant="body2" color={loadError ? 'error' : 'text.secondary'}>
            {loadError ?? translate('resources.advertisers.logo.none')}
          </Typography>
        )}
      </Box>
      <UploadProgress progress={progress} label={translate('resources.advertisers.logo.uploading')} />
      <ImageChooser input={input} testId="advertiser-logo-input" onFile={(file) => save.mutate(file)} />
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          startIcon={<UploadIcon />}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {translate(logoId ? 'resources.advertisers.logo.replace' : 'resources.advertisers.logo.upload')}
        </Button>
        {logoId ? (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {translate('ra.action.delete')}
          </Button>
        ) : null}
      </Stack>
      <Confirm
        isOpen={confirming}
        title="resources.advertisers.logo.delete_title"
        content="resources.advertisers.logo.delete_content"
        onConfirm={() => {
          setConfirming(false);
          if (logoId) remove.mutate();
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
