import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CardMedia, Chip, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, FunctionField, List, TopToolbar, useDataProvider, useGetOne, useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { mayOpen } from '@/ui/mayOpen';
import type { SchemaCreative as Creative } from '@/api/generated/creativity';
import type { SchemaSize } from '@/api/generated/systems';
import type { AppDataProvider } from '@/dataProviders';
import { useUnsavedChangesGuard } from '@/forms/unsavedChanges';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { PageHeading } from '@/ui/FormPage';
import { codeLabel, formatDate } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { matchingSizes } from './matchingSizes';
import { EmptyText } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const ACCEPT = 'image/png,image/jpeg,video/mp4,video/webm';

function useSizes() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: ['creatives', 'sizes'], queryFn: () => dataProvider.creativeSizes('creatives') }).data ?? [];
}

const sizeLabel = (s: SchemaSize) => `${s.name} (${s.width}×${s.height})`;

/** The export's columns: the size by its label, never its id (the sizes are the systems service's). */
function exportColumns(sizes: SchemaSize[]): ExportColumn<Creative>[] {
  const sizeName = (id: number | null | undefined) => {
    const size = sizes.find((s) => s.id === id);
    return size ? sizeLabel(size) : '';
  };
  return [
    { label: 'resources.creatives.fields.name', value: (c) => c.name },
    { label: 'resources.creatives.fields.kind', value: (c) => codeLabel('resources.creatives.kind', c.kind) },
    { label: 'resources.creatives.fields.width', value: (c) => c.width },
    { label: 'resources.creatives.fields.height', value: (c) => c.height },
    { label: 'resources.creatives.fields.sizeId', value: (c) => sizeName(c.sizeId) },
    { label: 'resources.creatives.fields.status', value: (c) => codeLabel('resources.creatives.status', c.status) },
    { label: 'resources.creatives.fields.uploadedAt', value: (c) => formatDate(c.uploadedAt) },
  ];
}

function Preview() {
  const creative = useRecordContext<Creative>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const id = creative?.id;
  // An object URL lives until revoked: fetched here, not in the query cache, so it is revoked with the row.
  useEffect(() => {
    if (id == null) return;
    let current: string | null = null;
    dataProvider
      .creativePreview('creatives', { id })
      .then((u) => {
        current = u;
        setUrl(u);
      })
      .catch(() => setFailed(true));
    return () => {
      if (current) URL.revokeObjectURL(current);
    };
  }, [dataProvider, id]);
  if (!creative) return null;
  if (failed) return <Alert severity="warning">{translate('resources.creatives.previewFailed')}</Alert>;
  if (!url) return <LinearProgress aria-label={translate('resources.creatives.previewLoading', { name: creative.name })} />;
  return creative.kind === 'video' ? (
    <CardMedia component="video" src={url} controls sx={{ width: 160, maxHeight: 100 }} />
  ) : (
    <CardMedia component="img" src={url} alt={creative.name} sx={{ width: 160, maxHeight: 100, objectFit: 'contain', bgcolor: 'action.hover' }} />
  );
}

function SizeCell({ sizes }: { sizes: SchemaSize[] }) {
  const creative = useRecordContext<Creative>();
  const translate = useTranslate();
  const failure = useFailure();
  const [update] = useUpdate<Creative>();
  if (!creative) return null;
  const matches = matchingSizes(creative, sizes);
  return (
    <Box sx={{ minWidth: 200 }}>
      <TextField
        select
        fullWidth
        size="small"
        label={translate('resources.creatives.fields.sizeId')}
        value={creative.sizeId ? String(creative.sizeId) : ''}
        onChange={(e) =>
          void update('creatives', { id: creative.id, data: { ...creative, sizeId: e.target.value ? Number(e.target.value) : null }, previousData: creative }, { mutationMode: 'pessimistic', onError: failure })
        }
      >
        <MenuItem value="">{translate('resources.creatives.noSize')}</MenuItem>
        {sizes.map((s) => (
          <MenuItem key={`${s.type}-${s.id}`} value={String(s.id)}>{sizeLabel(s)}</MenuItem>
        ))}
      </TextField>
      <Typography variant="caption">
        {matches.length ? translate('resources.creatives.matches', { sizes: matches.map((s) => s.name).join(', ') }) : translate('resources.creatives.noMatch')}
      </Typography>
    </Box>
  );
}

function ApprovalButtons() {
  const creative = useRecordContext<Creative>();
  const translate = useTranslate();
  const failure = useFailure();
  const [update, { isPending }] = useUpdate<Creative>();
  if (!creative) return null;
  const setStatus = (status: Creative['status']) =>
    void update('creatives', { id: creative.id, data: { ...creative, status }, previousData: creative }, { mutationMode: 'pessimistic', onError: failure });
  return (
    <Stack direction="row">
      <Button size="small" color="success" disabled={isPending || creative.status === 'approved'} onClick={() => setStatus('approved')}>
        {translate('resources.creatives.approve')}
      </Button>
      <Button size="small" color="error" disabled={isPending || creative.status === 'rejected'} onClick={() => setStatus('rejected')}>
        {translate('resources.creatives.reject')}
      </Button>
    </Stack>
  );
}

function UploadForm({ campaignId, sizes }: { campaignId: number; sizes: SchemaSize[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ name: string; sizeId: string }>({ name: '', sizeId: '' });
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { guard } = useUnsavedChangesGuard(Boolean(form.name.trim() || form.sizeId || file));
  const uploading = useMutation({
    mutationFn: (chosen: File) => {
      setProgress(0);
      return dataProvider.uploadCreative('creatives', {
        fields: { campaignId, name: form.name.trim(), sizeId: form.sizeId ? Number(form.sizeId) : undefined },
        file: chosen,
        onProgress: setProgress,
      });
    },
    onSuccess: (_created, chosen) => {
      notify('app.files.uploaded', { type: 'success', messageArgs: { name: chosen.name } });
      setForm({ name: '', sizeId: '' });
      setFile(null);
      if (input.current) input.current.value = '';
      return queryClient.invalidateQueries({ queryKey: ['creatives'] });
    },
    onError: failure,
    onSettled: () => setProgress(null),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) uploading.mutate(file);
  };
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Stack component="form" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} onSubmit={submit}>
        {guard}
        <TextField required size="small" sx={{ flex: '1 1 240px' }} label={translate('resources.creatives.fields.name')} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <TextField select size="small" sx={{ flex: '1 1 240px' }} label={translate('resources.creatives.fields.sizeId')} value={form.sizeId} onChange={(e) => setForm({ ...form, sizeId: e.target.value })}>
          <MenuItem value="">{translate('resources.creatives.noSize')}</MenuItem>
          {sizes.map((s) => (
            <MenuItem key={`${s.type}-${s.id}`} value={String(s.id)}>{sizeLabel(s)}</MenuItem>
          ))}
        </TextField>
        <Button component="label" variant="outlined">
          {file ? file.name : translate('resources.creatives.chooseFile')}
          <input ref={input} hidden type="file" accept={ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Button>
        <Button type="submit" variant="contained" disabled={!file || !form.name.trim() || uploading.isPending}>
          {translate('resources.creatives.upload')}
        </Button>
      </Stack>
      {progress !== null && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={translate('resources.creatives.uploading')} sx={{ mt: 2 }} />}
    </Paper>
  );
}

/** /campaigns/:id/creatives: upload images and videos with progress, previews, sizes, approval. */
export default function CreativesPage() {
  const { id } = useParams();
  const campaignId = Number(id);
  const translate = useTranslate();
  const { data: campaign } = useGetOne<{ id: number; name: string }>('campaigns', { id: campaignId });
  const sizes = useSizes();
  const title = translate('resources.creatives.title', { name: campaign?.name ?? campaignId });
  return (
    <>
      <PageHeading
        title={title}
        actions={
          mayOpen(`/campaigns/${campaignId}`) ? (
            <Button component={RouterLink} to={`/campaigns/${campaignId}`} size="small">
              {translate('resources.creatives.back')}
            </Button>
          ) : (
            <Button component={RouterLink} to="/creatives" size="small">
              {translate('resources.creatives.back_to_list')}
            </Button>
          )
        }
      />
      <UploadForm campaignId={campaignId} sizes={sizes} />
      <List
        resource="creatives"
        filter={{ campaignId }}
        sort={{ field: 'uploadedAt', order: 'DESC' }}
        actions={
          <TopToolbar>
            <ListViewButtons />
            <ExportAllButton columns={exportColumns(sizes)} fileName={`creativita-campagna-${campaignId}`} />
          </TopToolbar>
        }
        title={false}
        exporter={false}
        disableSyncWithLocation
        empty={<EmptyText message="resources.creatives.empty" />}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col label="resources.creatives.preview" disableSort>
            <Preview />
          </DataTable.Col>
          <DataTable.Col source="name" />
          <DataTable.Col source="kind">
            <FunctionField<Creative>
              source="kind"
              render={(c) => `${codeLabel('resources.creatives.kind', c.kind)} · ${c.width}×${c.height}${c.durationSeconds ? ` · ${c.durationSeconds}s` : ''}`}
            />
          </DataTable.Col>
          <DataTable.Col source="status">
            <FunctionField<Creative>
              source="status"
              render={(c) => (
                <Chip size="small" color={c.status === 'approved' ? 'success' : c.status === 'rejected' ? 'error' : 'default'} label={codeLabel('resources.creatives.status', c.status)} />
              )}
            />
          </DataTable.Col>
          <DataTable.Col source="sizeId" disableSort>
            <SizeCell sizes={sizes} />
          </DataTable.Col>
          <DataTable.Col label="resources.creatives.approval" disableSort>
            <ApprovalButtons />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}
