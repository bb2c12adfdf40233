import { useState, type ReactNode } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardMedia,
  Chip,
  CircularProgress,
  Grid,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Confirm,
  RecordContextProvider,
  useDataProvider,
  useDelete,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { SchemaHistoryEntry } from '@/api/generated/history';
import { SharePanelIfAllowed } from '@/pages/shared/EstimateSharePanel';
import { whenText, whoText } from '@/ui/historyText';
import type { SchemaSystem as System } from '@/api/generated/systems';
import { failureMessage } from '@/api/failures';
import type { AppDataProvider, SystemLookups } from '@/dataProviders';
import { PageHeading } from '@/ui/FormPage';
import { codeLabel, formatDate } from '@/ui/format';
import { SystemTeamLinks } from '@/ui/TeamLinks';
import { useFailure } from '@/ui/useFailure';
import { ImageChooser, useImageUpload, useObjectUrl } from '@/ui/imageUpload';
import { SystemBookings } from './SystemBookings';
import { SystemCircuits } from './SystemCircuits';
import { SystemDevices } from './SystemDevices';
import { SystemPermits } from '@/ui/PermitExpiry';
import { SystemFrames } from './SystemFrames';
import { systemStatusLabel, systemTypeLabel, useLookups, useT } from './shared';
import { SimpleTable } from '@/ui/SimpleTable';

/** A titled box with the loading, error and empty states of its rows. */
function Section<T>({
  title,
  rows,
  error,
  render,
  testId,
  children,
}: {
  title: string;
  rows?: T[];
  error?: unknown;
  render: (rows: T[]) => ReactNode;
  testId: string;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Titled title={title} testId={testId}>
      {children}
      {error ? (
        <Alert severity="error">{t('detail.section_error', { message: failureMessage(error) })}</Alert>
      ) : !rows ? (
        <CircularProgress size={20} aria-label={t('list.loading')} />
      ) : !rows.length ? (
        <Typography color="text.secondary">{t('detail.none')}</Typography>
      ) : (
        render(rows)
      )}
    </Titled>
  );
}

/** One photo, fetched with the bearer as a blob. */
function Photo({ id, onDelete }: { id: number; onDelete: (id: number) => void }) {
  const t = useT();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: blob, isError } = useQuery({
    queryKey: ['systemImages', id],
    queryFn: () => dataProvider.systemImage('systems', { imageId: id }),
    staleTime: Infinity,
  });
  const url = useObjectUrl(blob);
  return (
    <Card sx={{ width: 200 }} data-image-id={id}>
      {url ? (
        <CardMedia component="img" height="140" image={url} alt={t('detail.photo', { id })} />
      ) : (
        <Box sx={{ height: 140, display: 'grid', placeItems: 'center' }}>
          {isError ? t('detail.photo_error') : <CircularProgress size={20} />}
        </Box>
      )}
      <CardActions>
        <IconButton aria-label={t('detail.delete_photo', { id })} onClick={() => onDelete(id)} color="error">
          <DeleteIcon />
        </IconButton>
      </CardActions>
    </Card>
  );
}

function Gallery({ system }: { system: System }) {
  const t = useT();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<number>();
  // The record (its image ids) and its history; a deleted image's own query is not asked again.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['systems', 'getOne'] });
    void queryClient.invalidateQueries({ queryKey: ['systems', 'systemHistory'] });
  };
  const remove = useMutation({
    mutationFn: (imageId: number) => dataProvider.deleteSystemImage('systems', { imageId }),
    onSuccess: () => {
      notify('resources.systems.detail.photo_deleted', { type: 'success' });
      refresh();
    },
    onError: failure,
    onSettled: () => setDeleting(undefined),
  });
  const { input, progress, setProgress, settle } = useImageUpload();
  const upload = useMutation({
    mutationFn: (file: File) =>
      dataProvider.uploadSystemImage('systems', { systemId: system.id, file, onProgress: setProgress }),
    onMutate: () => setProgress(0),
    onSuccess: () => {
      notify('resources.systems.detail.photo_uploaded', { type: 'success' });
      refresh();
    },
    onError: failure,
    onSettled: settle,
  });
  return (
    <Paper sx={{ p: 2 }} data-testid="system-gallery">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }} spacing={2}>
        <Typography variant="h6" component="h2">
          {t('detail.photos')}
        </Typography>
        <Button component="label" startIcon={<UploadIcon />} disabled={upload.isPending}>
          {t('detail.upload_photo')}
          <ImageChooser input={input} testId="image-input" onFile={(file) => upload.mutate(file)} />
        </Button>
      </Stack>
      {progress !== undefined ? (
        <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('detail.uploading')} sx={{ mb: 1 }} />
      ) : null}
      {system.images.length ? (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {system.images.map((id) => (
            <Photo key={id} id={id} onDelete={setDeleting} />
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('detail.no_photos')}</Typography>
      )}
      <Confirm
        isOpen={deleting !== undefined}
        loading={remove.isPending}
        title={t('detail.delete_photo_title')}
        content={t('detail.delete_photo_confirm')}
        onConfirm={() => deleting !== undefined && remove.mutate(deleting)}
        onClose={() => setDeleting(undefined)}
      />
    </Paper>
  );
}

/** The fields the service writes as a reference (an ISTAT code or an id), and the lookup naming them. */
const HISTORY_REFERENCES: Record<string, keyof SystemLookups> = {
  municipality: 'municipalities',
  lease: 'leases',
  area: 'areas',
  authorizations: 'authorizations',
  mediaOwners: 'mediaOwners',
};

/** The name of a referenced record, or undefined while the lookups load (or when it is gone). */
function referenceName(lookups: SystemLookups | undefined, field: string, value: unknown): string | undefined {
  if (!lookups) return undefined;
  if (field === 'municipality') return lookups.municipalities.find((m) => m.istatCode === String(value))?.name;
  return (lookups[HISTORY_REFERENCES[field]] as { id: number; name: string }[]).find((x) => x.id === Number(value))?.name;
}

/** A history value as a person reads it: codes as labels, dates dd/mm/yyyy, references by name. */
function historyValue(field: string, value: unknown, lookups: SystemLookups | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'systemType') return systemTypeLabel(String(value));
  if (field === 'status') return systemStatusLabel(String(value));
  if (typeof value === 'boolean') return codeLabel('resources.systems.detail', value ? 'yes' : 'no');
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return formatDate(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => historyValue(field, v, lookups)).join(', ') : '—';
  if (field in HISTORY_REFERENCES) return referenceName(lookups, field, value) ?? String(value);
  if (typeof value === 'object' && 'name' in value) return String((value as { name: unknown }).name);
  if (typeof value === 'object' && 'width' in value && 'height' in value) {
    const size = value as { width: unknown; height: unknown };
    return `${String(size.width)}×${String(size.height)}`;
  }
  return String(value);
}

/** How many images a history value holds: the service writes the image ids as a list (or one id). */
const imageCount = (value: unknown) => (Array.isArray(value) ? value.length : value == null ? 0 : 1);

function History({ systemId, version }: { systemId: number; version: string }) {
  const t = useT();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error } = useQuery({
    queryKey: ['systems', 'systemHistory', systemId, version],
    queryFn: () => dataProvider.systemHistory('systems', { id: systemId }),
  });
  // The lookups name the references (five calls): read only when a change holds one.
  const { lookups } = useLookups(Boolean(data?.some((h) => h.changes.some((c) => c.field in HISTORY_REFERENCES))));
  const change = (c: SchemaHistoryEntry['changes'][number]) =>
    // An image is named by what happened to it: its id means nothing to a person.
    c.field === 'images'
      ? t(imageCount(c.newValue) < imageCount(c.oldValue) ? 'detail.image_removed' : 'detail.image_added')
      : `${t(`fields.${c.field}`, { _: c.field })}: ${c.oldValue == null ? '' : `${historyValue(c.field, c.oldValue, lookups)} → `}${historyValue(c.field, c.newValue, lookups)}`;
  return (
    <Section
      testId="system-history"
      title={t('detail.history')}
      rows={data}
      error={error}
      render={(rows) => (
        <SimpleTable
          head={[t('detail.when'), t('detail.who'), t('detail.action'), t('detail.changes')]}
          rows={rows.map((h) => [
            whenText(h.timestamp),
            whoText(h),
            t(`actions.${h.action}`, { _: h.action }),
            h.changes.map(change).join('; '),
          ])}
        />
      )}
    />
  );
}

/** A titled box around a section that brings its own states (teams, circuits). */
function Titled({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Details({ system }: { system: System }) {
  const t = useT();
  const data: [string, ReactNode][] = [
    [t('fields.code'), system.code],
    [t('fields.type'), system.type],
    [t('fields.systemType'), systemTypeLabel(system.systemType)],
    [t('fields.status'), systemStatusLabel(system.status)],
    [t('fields.address'), `${system.address}, ${system.zipCode ?? ''} ${system.municipality.name} (${system.province}), ${system.region}`],
    [t('fields.coordinates'), `${system.latitude}, ${system.longitude}`],
    [t('fields.sizes'), system.sizes.map((s) => `${s.width}×${s.height}`).join(', ') || '—'],
    [t('fields.lease'), system.lease?.name ?? '—'],
    [t('fields.authorizations'), system.authorizations.map((a) => a.name).join(', ') || '—'],
    [t('fields.mediaOwners'), system.mediaOwners.map((m) => m.name).join(', ') || '—'],
    [t('fields.area'), system.area?.name ?? '—'],
    [
      t('fields.domains'),
      system.domains.length ? system.domains.map((d) => <Chip key={d} label={d} size="small" sx={{ mr: 0.5 }} />) : '—',
    ],
    [t('fields.illuminated'), t(system.illuminated ? 'detail.yes' : 'detail.no')],
    [t('fields.faces'), system.faces],
    [t('fields.notes'), system.notes ?? '—'],
    [t('fields.updatedAt'), formatDate(system.updatedAt)],
  ];
  return (
    <Paper sx={{ p: 2 }}>
      <Table size="small">
        <TableBody>
          {data.map(([k, v]) => (
            <TableRow key={k}>
              <TableCell component="th" sx={{ fontWeight: 600, width: 180 }}>
                {k}
              </TableCell>
              <TableCell>{v}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** /systems-manage/:id: the system's data, photos, frames, devices, teams, circuits, history. */
export default function SystemShow() {
  const t = useT();
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const navigate = useNavigate();
  const { id } = useParams();
  const systemId = Number(id);
  const [confirm, setConfirm] = useState(false);
  const { data: system, error, isPending } = useGetOne<System>('systems', { id: systemId });
  const [remove, { isPending: removing }] = useDelete();
  if (error)
    return (
      <Box sx={{ mt: 2 }}>
        <PageHeading title={t('name', { smart_count: 1 })} />
        <Alert severity="error">{t('detail.error', { message: failureMessage(error) })}</Alert>
      </Box>
    );
  if (isPending || !system) return <CircularProgress sx={{ m: 4 }} aria-label={t('list.loading')} />;
  const title = `${system.code} · ${system.name}`;
  const actions = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button component={RouterLink} to="/systems-manage/manage">
        {t('detail.back')}
      </Button>
      <Button component={RouterLink} to={`/systems-manage/${system.id}/edit`} startIcon={<EditIcon />} variant="outlined">
        {t('detail.edit')}
      </Button>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirm(true)}>
        {t('detail.delete')}
      </Button>
    </Stack>
  );
  return (
    <RecordContextProvider value={system}>
      <Box sx={{ pb: 2 }} data-testid="system-detail">
        <PageHeading title={title} actions={actions} />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Details system={system} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              <Gallery system={system} />
              <Paper sx={{ p: 2 }} data-testid="system-frames">
                <Typography variant="h6" component="h2" gutterBottom>
                  {t('detail.frames')}
                </Typography>
                <SystemFrames systemId={system.id} />
              </Paper>
              <Titled title={t('detail.devices')} testId="system-devices">
                <SystemDevices system={system} />
              </Titled>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Titled title={t('detail.teams')} testId="system-teams">
              <SystemTeamLinks systemId={system.id} />
            </Titled>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Titled title={t('detail.circuits')} testId="system-circuits">
              <SystemCircuits system={system} />
            </Titled>
          </Grid>
          <Grid size={{ xs: 12 }}>
            <Titled title={translate('resources.permits.system_title')} testId="system-permits">
              <SystemPermits systemId={system.id} />
            </Titled>
          </Grid>
          <Grid size={{ xs: 12 }}>
            <SystemBookings systemId={system.id} />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <History systemId={system.id} version={system.updatedAt} />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <SharePanelIfAllowed resourceType="system" resourceId={system.id} card />
          </Grid>
        </Grid>
        <Confirm
          isOpen={confirm}
          loading={removing}
          title={t('detail.delete_title', { code: system.code })}
          content={t('detail.delete_confirm')}
          onConfirm={() =>
            void remove(
              'systems',
              { id: system.id, previousData: system },
              {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                  notify('resources.systems.detail.deleted', { type: 'success', messageArgs: { code: system.code } });
                  navigate('/systems-manage/manage');
                },
                onError: (e) => {
                  failure(e);
                  setConfirm(false);
                },
              },
            )
          }
          onClose={() => setConfirm(false)}
        />
      </Box>
    </RecordContextProvider>
  );
}
