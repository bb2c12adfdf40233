import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, CardMedia, Chip, Grid, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { Loading, Title, useGetManyReference, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { callOrThrow } from '@/api/http';
import { systemsApi } from '@/api/systems';
import type { SchemaSize } from '@/api/generated/systems';
import type { Campaign } from '@/dataProviders/campaigns';
import { useUnsavedChangesGuard } from '@/forms/unsavedChanges';
import { creativePreviewUrl, matchingSizes, uploadCreative, type Creative } from '@/dataProviders/creatives';
import { errorMessage, StateMessage } from '../orders/common';

const ACCEPT = 'image/png,image/jpeg,video/mp4,video/webm';

/** Width, height (and a video's duration) measured in the browser before the upload. */
function measure(file: File): Promise<{ width: number; height: number; durationSeconds?: number }> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve, reject) => {
    const done = (v: { width: number; height: number; durationSeconds?: number }) => {
      URL.revokeObjectURL(url);
      resolve(v);
    };
    if (file.type.startsWith('video/')) {
      const video = document.createElement('video');
      video.preload = 'metadata';
      video.onloadedmetadata = () => done({ width: video.videoWidth, height: video.videoHeight, durationSeconds: video.duration || undefined });
      video.onerror = () => reject(new Error('video'));
      video.src = url;
    } else {
      const img = new Image();
      img.onload = () => done({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => reject(new Error('image'));
      img.src = url;
    }
  });
}

function Preview({ creative }: { creative: Creative }) {
  const translate = useTranslate();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current: string | null = null;
    creativePreviewUrl(creative.id)
      .then((u) => {
        current = u;
        setUrl(u);
      })
      .catch(() => setFailed(true));
    return () => {
      if (current) URL.revokeObjectURL(current);
    };
  }, [creative.id]);
  if (failed) return <Alert severity="warning">{translate('resources.creatives.previewFailed')}</Alert>;
  if (!url) return <LinearProgress />;
  return creative.kind === 'video' ? (
    <CardMedia component="video" src={url} controls sx={{ maxHeight: 180 }} />
  ) : (
    <CardMedia component="img" src={url} alt={creative.name} sx={{ maxHeight: 180, objectFit: 'contain', bgcolor: 'action.hover' }} />
  );
}

/** /campaigns/:id/creatives: upload images and videos with progress, previews, sizes, approval. */
export default function CreativesPage() {
  const { id } = useParams();
  const campaignId = Number(id);
  const translate = useTranslate();
  const notify = useNotify();
  const { data: campaign, error: campaignError } = useGetOne<Campaign>('campaigns', { id: campaignId });
  const { data, isPending, error, refetch } = useGetManyReference<Creative>('creatives', { target: 'campaignId', id: campaignId, pagination: { page: 1, perPage: 200 }, sort: { field: 'uploadedAt', order: 'DESC' } });
  const [update] = useUpdate();
  const [sizes, setSizes] = useState<SchemaSize[]>([]);
  const [form, setForm] = useState<{ name: string; sizeId: string }>({ name: '', sizeId: '' });
  const [file, setFile] = useState<File | null>(null);
  const { guard } = useUnsavedChangesGuard(Boolean(form.name.trim() || form.sizeId || file));
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    Promise.all((['OOH', 'DOOH'] as const).map((type) => callOrThrow(systemsApi().GET('/size/all', { params: { query: { type } } })).catch(() => [] as SchemaSize[])))
      .then((lists) => setSizes(lists.flat()))
      .catch(() => setSizes([]));
  }, []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setProgress(0);
    try {
      const dims = await measure(file).catch(() => undefined);
      await uploadCreative({ campaignId, name: form.name.trim(), sizeId: form.sizeId ? Number(form.sizeId) : undefined, ...dims }, file, setProgress);
      notify('resources.orders.upload.done', { type: 'success', messageArgs: { name: file.name } });
      setForm({ name: '', sizeId: '' });
      setFile(null);
      if (input.current) input.current.value = '';
      void refetch();
    } catch (err) {
      notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(err, translate('resources.orders.upload.failed')) } });
    } finally {
      setProgress(null);
    }
  };
  const setStatus = (c: Creative, status: Creative['status']) =>
    void update('creatives', { id: c.id, data: { ...c, status }, previousData: c }, { onSuccess: () => void refetch(), onError: (err) => notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(err, '') } }) });
  const setSize = (c: Creative, sizeId: string) =>
    void update('creatives', { id: c.id, data: { ...c, sizeId: sizeId ? Number(sizeId) : null }, previousData: c }, { onSuccess: () => void refetch(), onError: (err) => notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(err, '') } }) });
  const title = translate('resources.creatives.title', { name: campaign?.name ?? campaignId });
  return (
    <Paper sx={{ mt: 2, p: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Button component={RouterLink} to={`/campaigns/${campaignId}`} size="small">
        {translate('resources.creatives.back')}
      </Button>
      <StateMessage error={campaignError} />
      <Stack component="form" direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ my: 2 }} onSubmit={(e) => void submit(e)}>
        {guard}
        <TextField required size="small" label={translate('resources.creatives.fields.name')} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <TextField select size="small" sx={{ minWidth: 200 }} label={translate('resources.creatives.fields.sizeId')} value={form.sizeId} onChange={(e) => setForm({ ...form, sizeId: e.target.value })}>
          <MenuItem value="">{translate('resources.creatives.noSize')}</MenuItem>
          {sizes.map((s) => (
            <MenuItem key={`${s.type}-${s.id}`} value={String(s.id)}>{`${s.name} (${s.width}×${s.height})`}</MenuItem>
          ))}
        </TextField>
        <Button component="label" variant="outlined">
          {file ? file.name : translate('resources.creatives.chooseFile')}
          <input ref={input} hidden type="file" accept={ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Button>
        <Button type="submit" variant="contained" disabled={!file || !form.name.trim() || progress !== null}>
          {translate('resources.creatives.upload')}
        </Button>
      </Stack>
      {progress !== null && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={translate('resources.creatives.uploading')} sx={{ mb: 2 }} />}
      {isPending ? (
        <Loading />
      ) : (
        <StateMessage error={error} empty={data?.length ? undefined : translate('resources.creatives.empty')}>
          <Grid container spacing={2}>
            {(data ?? []).map((c) => {
              const matches = matchingSizes(c, sizes);
              return (
                <Grid key={c.id} size={{ xs: 12, sm: 6, md: 4 }}>
                  <Card>
                    <Preview creative={c} />
                    <CardContent>
                      <Typography variant="subtitle1">{c.name}</Typography>
                      <Typography variant="body2">{`${translate(`resources.creatives.kind.${c.kind}`)} · ${c.width}×${c.height}${c.durationSeconds ? ` · ${c.durationSeconds}s` : ''}`}</Typography>
                      <Chip size="small" sx={{ my: 1 }} color={c.status === 'approved' ? 'success' : c.status === 'rejected' ? 'error' : 'default'} label={translate(`resources.creatives.status.${c.status}`)} />
                      <Box>
                        <TextField select fullWidth size="small" label={translate('resources.creatives.fields.sizeId')} value={c.sizeId ? String(c.sizeId) : ''} onChange={(e) => setSize(c, e.target.value)}>
                          <MenuItem value="">{translate('resources.creatives.noSize')}</MenuItem>
                          {sizes.map((s) => (
                            <MenuItem key={`${s.type}-${s.id}`} value={String(s.id)}>{`${s.name} (${s.width}×${s.height})`}</MenuItem>
                          ))}
                        </TextField>
                        <Typography variant="caption">
                          {matches.length ? translate('resources.creatives.matches', { sizes: matches.map((s) => s.name).join(', ') }) : translate('resources.creatives.noMatch')}
                        </Typography>
                      </Box>
                    </CardContent>
                    <CardActions>
                      <Button size="small" color="success" disabled={c.status === 'approved'} onClick={() => setStatus(c, 'approved')}>
                        {translate('resources.creatives.approve')}
                      </Button>
                      <Button size="small" color="error" disabled={c.status === 'rejected'} onClick={() => setStatus(c, 'rejected')}>
                        {translate('resources.creatives.reject')}
                      </Button>
                    </CardActions>
                  </Card>
                </Grid>
              );
            })}
          </Grid>
        </StateMessage>
      )}
    </Paper>
  );
}
