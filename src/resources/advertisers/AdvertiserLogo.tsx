import { useEffect, useRef, useState } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { LOGO_MESSAGES } from '@/api/advertiser';
import { advertisersDataProvider } from '@/dataProviders/advertisers';
import { useNotifyError } from './notify';

/** The advertiser's logo: shown, uploaded (or replaced), deleted; failures carry the spec §8 texts. */
export function AdvertiserLogo() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [loaded, setLoaded] = useState<{ id: number; url?: string; error?: string }>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const logoId = record?.logoId as number | undefined;

  useEffect(() => {
    if (!logoId) return;
    let objectUrl: string | undefined;
    let alive = true;
    advertisersDataProvider
      .getLogo(logoId)
      .then((blob) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ id: logoId, url: objectUrl });
      })
      .catch(() => alive && setLoaded({ id: logoId, error: LOGO_MESSAGES.load }));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [logoId]);

  const url = loaded && loaded.id === logoId ? loaded.url : undefined;
  const loadError = loaded && loaded.id === logoId ? loaded.error : undefined;
  if (!record) return null;
  const id = Number(record.id);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      if (logoId) await advertisersDataProvider.updateLogo(id, file);
      else await advertisersDataProvider.uploadLogo(id, file);
      notify('resources.advertisers.logo.saved', { type: 'success' });
      refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    setConfirming(false);
    if (!logoId) return;
    setBusy(true);
    try {
      await advertisersDataProvider.deleteLogo(logoId);
      notify('resources.advertisers.logo.deleted', { type: 'success' });
      refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

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
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        data-testid="advertiser-logo-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
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
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
