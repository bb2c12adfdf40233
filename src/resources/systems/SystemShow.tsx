import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import UploadIcon from '@mui/icons-material/Upload';
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
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Confirm, Title } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { listCircuitsByAsset } from '@/api/circuits';
import { deviceApi } from '@/api/device';
import { frameApi } from '@/api/frame';
import { historyApi } from '@/api/history';
import { callOrThrow } from '@/api/http';
import { systemsApi, type System } from '@/api/systems';
import { systemsDataProvider as dp } from '@/dataProviders/systems';
import { errorText, useT, useSay } from './shared';

/** A section that loads its own rows, with its loading, error and empty states. */
function Section<T>({
  title,
  load,
  render,
  testId,
}: {
  title: string;
  load: () => Promise<T[]>;
  render: (rows: T[]) => ReactNode;
  testId: string;
}) {
  const t = useT();
  const [state, setState] = useState<{ rows?: T[]; error?: string }>({});
  useEffect(() => {
    let live = true;
    load()
      .then((rows) => live && setState({ rows }))
      .catch((e: unknown) => live && setState({ error: errorText(e) }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Paper sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {state.error ? (
        <Alert severity="error">{t('detail.section_error', { message: state.error })}</Alert>
      ) : !state.rows ? (
        <CircularProgress size={20} aria-label={t('list.loading')} />
      ) : !state.rows.length ? (
        <Typography color="text.secondary">{t('detail.none')}</Typography>
      ) : (
        render(state.rows)
      )}
    </Paper>
  );
}

function SimpleTable({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {head.map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow key={i}>
            {r.map((c, j) => (
              <TableCell key={j}>{c}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One photo, fetched with the bearer as a blob. */
function Photo({ id, onDelete }: { id: number; onDelete: (id: number) => void }) {
  const t = useT();
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | undefined;
    dp.getImage(id)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setFailed(true));
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  return (
    <Card sx={{ width: 200 }} data-image-id={id}>
      {url ? (
        <CardMedia component="img" height="140" image={url} alt={t('detail.photo', { id })} />
      ) : (
        <Box sx={{ height: 140, display: 'grid', placeItems: 'center' }}>
          {failed ? t('detail.photo_error') : <CircularProgress size={20} />}
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

function Gallery({ system, onChange }: { system: System; onChange: () => void }) {
  const t = useT();
  const notify = useSay();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const [deleting, setDeleting] = useState<number>();
  const upload = async (file: File) => {
    setProgress(0);
    try {
      await dp.uploadImage(system.id, file, setProgress);
      notify(t('detail.photo_uploaded'), 'success');
      onChange();
    } catch (e) {
      notify(errorText(e), 'error');
    } finally {
      setProgress(undefined);
      if (input.current) input.current.value = '';
    }
  };
  const remove = async () => {
    if (deleting === undefined) return;
    try {
      await dp.deleteImage(deleting);
      notify(t('detail.photo_deleted'), 'success');
      onChange();
    } catch (e) {
      notify(errorText(e), 'error');
    } finally {
      setDeleting(undefined);
    }
  };
  return (
    <Paper sx={{ p: 2 }} data-testid="system-gallery">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }} spacing={2}>
        <Typography variant="h6" component="h2">
          {t('detail.photos')}
        </Typography>
        <Button component="label" startIcon={<UploadIcon />} disabled={progress !== undefined}>
          {t('detail.upload_photo')}
          <input
            ref={input}
            hidden
            type="file"
            accept="image/jpeg,image/png,image/webp"
            data-testid="image-input"
            onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
          />
        </Button>
      </Stack>
      {progress !== undefined ? (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label={t('detail.uploading')}
          sx={{ mb: 1 }}
        />
      ) : null}
      {system.images.length ? (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {system.images.map((id) => (
            <Photo key={id} id={id} onDelete={setDeleting} />
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('detail.no_photos')}</Typography>
      )}
      <Confirm
        isOpen={deleting !== undefined}
        title={t('detail.delete_photo_title')}
        content={t('detail.delete_photo_confirm')}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(undefined)}
      />
    </Paper>
  );
}

/** /systems-manage/:id: the system's data, photos, frames, devices, teams, circuits, history. */
export default function SystemShow() {
  const t = useT();
  const notify = useSay();
  const navigate = useNavigate();
  const { id } = useParams();
  const [system, setSystem] = useState<System>();
  const [error, setError] = useState<string>();
  const [confirm, setConfirm] = useState(false);
  const load = useCallback(() => {
    dp.getOne('systems', { id: id! })
      .then(({ data }) => setSystem(data as unknown as System))
      .catch((e: unknown) => setError(errorText(e)));
  }, [id]);
  useEffect(load, [load]);

  if (error)
    return (
      <Alert severity="error" sx={{ my: 2 }}>
        {t('detail.error', { message: error })}
      </Alert>
    );
  if (!system) return <CircularProgress sx={{ m: 4 }} aria-label={t('list.loading')} />;
  const sid = system.id;
  const remove = async () => {
    try {
      await dp.delete('systems', { id: sid });
      notify(t('detail.deleted', { code: system.code }), 'success');
      navigate('/systems-manage/manage');
    } catch (e) {
      notify(errorText(e), 'error');
      setConfirm(false);
    }
  };
  const data: [string, ReactNode][] = [
    [t('fields.code'), system.code],
    [t('fields.type'), system.type],
    [t('fields.systemType'), t(`systemTypes.${system.systemType}`)],
    [t('fields.status'), t(`statuses.${system.status}`)],
    [
      t('fields.address'),
      `${system.address}, ${system.zipCode ?? ''} ${system.municipality.name} (${system.province}), ${system.region}`,
    ],
    [t('fields.coordinates'), `${system.latitude}, ${system.longitude}`],
    [t('fields.sizes'), system.sizes.map((s) => `${s.width}×${s.height}`).join(', ')],
    [t('fields.lease'), system.lease?.name ?? '—'],
    [t('fields.authorizations'), system.authorizations.map((a) => a.name).join(', ') || '—'],
    [t('fields.mediaOwners'), system.mediaOwners.map((m) => m.name).join(', ') || '—'],
    [t('fields.area'), system.area?.name ?? '—'],
    [
      t('fields.domains'),
      system.domains.length
        ? system.domains.map((d) => <Chip key={d} label={d} size="small" sx={{ mr: 0.5 }} />)
        : '—',
    ],
    [t('fields.illuminated'), t(system.illuminated ? 'detail.yes' : 'detail.no')],
    [t('fields.faces'), system.faces],
    [t('fields.notes'), system.notes ?? '—'],
  ];
  return (
    <Box sx={{ py: 2 }} data-testid="system-detail">
      <Title title={`${system.code} · ${system.name}`} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {system.code} · {system.name}
        </Typography>
        <Button component={RouterLink} to="/systems-manage/manage">
          {t('detail.back')}
        </Button>
        <Button
          component={RouterLink}
          to={`/systems-manage/${sid}/edit`}
          startIcon={<EditIcon />}
          variant="outlined"
        >
          {t('detail.edit')}
        </Button>
        <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirm(true)}>
          {t('detail.delete')}
        </Button>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
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
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <Gallery system={system} onChange={load} />
            <Section
              testId="system-frames"
              title={t('detail.frames')}
              load={() =>
                callOrThrow(
                  frameApi().GET('/frames', {
                    params: { query: { filter: JSON.stringify({ systemId: sid }) } },
                  }),
                ).then(
                  (r) =>
                    r as unknown as {
                      id: number;
                      name: string;
                      position: number;
                      width: number;
                      height: number;
                      status: string;
                    }[],
                )
              }
              render={(rows) => (
                <SimpleTable
                  head={[t('detail.frame'), t('detail.position'), t('fields.sizes'), t('fields.status')]}
                  rows={rows.map((f) => [
                    f.name,
                    f.position,
                    `${f.width}×${f.height}`,
                    t(`statuses.${f.status}`),
                  ])}
                />
              )}
            />
            <Section
              testId="system-devices"
              title={t('detail.devices')}
              load={() =>
                callOrThrow(
                  deviceApi().GET('/devices', {
                    params: { query: { filter: JSON.stringify({ systemId: sid }) } },
                  }),
                ).then((r) => r as unknown as { id: number; serial: string; model: string; status: string }[])
              }
              render={(rows) => (
                <SimpleTable
                  head={[t('detail.serial'), t('detail.model'), t('fields.status')]}
                  rows={rows.map((d) => [d.serial, d.model, d.status])}
                />
              )}
            />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section
            testId="system-teams"
            title={t('detail.teams')}
            load={() =>
              callOrThrow(
                systemsApi().GET('/team/systemProvider/getBySystemId', {
                  params: { query: { systemId: sid } },
                }),
              )
            }
            render={(rows) => (
              <SimpleTable
                head={[t('detail.team'), t('detail.duties')]}
                rows={rows.map((p) => [p.team?.companyName ?? `#${p.teamId}`, p.duties.join(', ')])}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section
            testId="system-circuits"
            title={t('detail.circuits')}
            load={() => listCircuitsByAsset(sid)}
            render={(rows) => (
              <SimpleTable
                head={[t('detail.circuit'), t('fields.type')]}
                rows={rows.map((c) => [c.name, c.type])}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Section
            key={system.updatedAt}
            testId="system-history"
            title={t('detail.history')}
            load={() => callOrThrow(historyApi().GET('/idSystem/{id}', { params: { path: { id: sid } } }))}
            render={(rows) => (
              <SimpleTable
                head={[t('detail.when'), t('detail.who'), t('detail.action'), t('detail.changes')]}
                rows={rows.map((h) => [
                  new Date(h.timestamp).toLocaleString('it-IT'),
                  h.username,
                  t(`actions.${h.action}`),
                  h.changes.map((c) => c.field).join(', '),
                ])}
              />
            )}
          />
        </Grid>
      </Grid>
      <Confirm
        isOpen={confirm}
        title={t('detail.delete_title', { code: system.code })}
        content={t('detail.delete_confirm')}
        onConfirm={() => void remove()}
        onClose={() => setConfirm(false)}
      />
    </Box>
  );
}
