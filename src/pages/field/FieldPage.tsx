import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import PlaceIcon from '@mui/icons-material/Place';
import { ApiError } from '@/api/errors';
import { failureMessage } from '@/api/failures';
import { distanceText } from '@/ui/distance';
import {
  getFieldOrders,
  markFieldOrderDone,
  reportFieldProblem,
  uploadFieldPhoto,
  type FieldOrders,
  type PhotoKind,
  type ProblemKind,
  type WorkOrder,
} from '@/api/field';
import { useMessages } from '@/i18n/lookup';

const M = 'resources.workOrders';
const PHOTO_KINDS: PhotoKind[] = ['wide', 'close'];
const PROBLEM_KINDS: ProblemKind[] = ['torn', 'dark', 'vandalised', 'missing', 'other'];
/** Touch targets of at least 48 px, as a phone in a gloved hand needs. */
const TOUCH = { minHeight: 48, fontSize: '1rem' } as const;

const itDate = (iso: string) => new Date(iso.length === 10 ? `${iso}T00:00:00` : iso).toLocaleDateString('it-IT');
const itDateTime = (iso: string) => new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short' });

const STATUS_COLOR: Record<WorkOrder['status'], 'default' | 'warning' | 'success' | 'error'> = {
  todo: 'default',
  late: 'warning',
  done: 'success',
  problem: 'error',
};

/** One photo button: opens the camera, uploads with progress, tries again on a dropped connection. */
function PhotoButton({ token, order, kind, onUploaded }: { token: string; order: WorkOrder; kind: PhotoKind; onUploaded: (o: WorkOrder) => void }) {
  const translate = useMessages();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const [retrying, setRetrying] = useState<number>();
  const [failed, setFailed] = useState<{ photo: File; message: string }>();
  const taken = order.photos.filter((p) => p.kind === kind).at(-1);
  const label = translate(`${M}.field.${kind}`);

  const send = (photo: File) => {
    setFailed(undefined);
    setProgress(0);
    uploadFieldPhoto(token, order.id, kind, photo, { onProgress: setProgress, onRetry: setRetrying })
      .then(onUploaded)
      .catch((e: unknown) => setFailed({ photo, message: e instanceof ApiError && e.status === 0 ? translate(`${M}.field.uploadFailed`) : failureMessage(e) }))
      .finally(() => {
        setProgress(undefined);
        setRetrying(undefined);
      });
  };

  return (
    <Stack spacing={0.5}>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/heic"
        capture="environment"
        hidden
        aria-label={label}
        data-kind={kind}
        onChange={(e) => {
          const photo = e.target.files?.[0];
          e.target.value = '';
          if (photo) send(photo);
        }}
      />
      <Button
        variant={taken ? 'outlined' : 'contained'}
        startIcon={<PhotoCameraIcon />}
        sx={TOUCH}
        disabled={progress !== undefined || order.status === 'done'}
        onClick={() => input.current?.click()}
      >
        {taken ? translate(`${M}.field.retake`, { kind: label.toLowerCase() }) : label}
      </Button>
      {progress !== undefined ? (
        <Box>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={label} />
          <Typography variant="caption">
            {retrying ? translate(`${M}.field.retrying`, { attempt: retrying }) : translate(`${M}.field.uploading`, { percent: Math.round(progress * 100) })}
          </Typography>
        </Box>
      ) : null}
      {failed ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" sx={TOUCH} onClick={() => send(failed.photo)}>
              {translate(`${M}.field.retry`)}
            </Button>
          }
        >
          {failed.message}
        </Alert>
      ) : null}
      {taken ? (
        <Box>
          <Typography variant="body2">
            {taken.takenAt && taken.distanceMeters !== null
              ? translate(`${M}.field.photoTaken`, { kind: label, date: itDateTime(taken.takenAt), distance: distanceText(taken.distanceMeters) })
              : translate(`${M}.field.photoNoExif`, { kind: label })}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {taken.flags.map((flag) => (
              <Chip key={flag} size="small" color="warning" label={translate(`${M}.flag.${flag}`, { distance: distanceText(taken.distanceMeters) })} />
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

function ProblemDialog({ order, onClose, onSend }: { order: WorkOrder; onClose: () => void; onSend: (kind: ProblemKind, note: string) => Promise<void> }) {
  const translate = useMessages();
  const [kind, setKind] = useState<ProblemKind>('torn');
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <Dialog open onClose={onClose} fullWidth>
      <DialogTitle>{translate(`${M}.field.problemTitle`, { face: `${order.frameName} · ${order.systemCode}` })}</DialogTitle>
      <DialogContent>
        <Typography id="problem-kind" variant="subtitle2">
          {translate(`${M}.field.problemKind`)}
        </Typography>
        <RadioGroup aria-labelledby="problem-kind" value={kind} onChange={(e) => setKind(e.target.value as ProblemKind)}>
          {PROBLEM_KINDS.map((k) => (
            <FormControlLabel key={k} value={k} control={<Radio />} label={translate(`${M}.problemKind.${k}`)} sx={{ minHeight: 44 }} />
          ))}
        </RadioGroup>
        <TextField label={translate(`${M}.field.problemNote`)} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} fullWidth sx={{ mt: 1 }} />
        {error ? <Alert severity="error" sx={{ mt: 1 }}>{error}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button sx={TOUCH} onClick={onClose}>
          {translate(`${M}.field.cancel`)}
        </Button>
        <Button
          sx={TOUCH}
          variant="contained"
          disabled={pending}
          onClick={() => {
            setPending(true);
            onSend(kind, note.trim())
              .catch((e: unknown) => setError(failureMessage(e)))
              .finally(() => setPending(false));
          }}
        >
          {translate(`${M}.field.send`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function OrderCard({ token, order, onChange, onNotice }: { token: string; order: WorkOrder; onChange: (o: WorkOrder) => void; onNotice: (text: string) => void }) {
  const translate = useMessages();
  const [problem, setProblem] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const both = PHOTO_KINDS.every((k) => order.photos.some((p) => p.kind === k));
  const mapUrl = `https://www.openstreetmap.org/?mlat=${order.latitude}&mlon=${order.longitude}#map=18/${order.latitude}/${order.longitude}`;
  return (
    <Card component="article" aria-label={`${order.code} ${order.frameName} ${order.systemCode}`} variant="outlined">
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography variant="h6" component="h2">
              {translate(`${M}.type.${order.type}`)} · {order.frameName}
            </Typography>
            <Chip label={translate(`${M}.status.${order.status}`)} color={STATUS_COLOR[order.status]} />
          </Stack>
          <Typography>
            {order.systemCode} — {order.address}, {order.municipality}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {order.code} · {translate(`${M}.field.due`, { date: itDate(order.dueDate) })}
          </Typography>
          {order.notes ? <Typography variant="body2">{order.notes}</Typography> : null}
          <Button href={mapUrl} target="_blank" rel="noreferrer" startIcon={<PlaceIcon />} sx={{ ...TOUCH, alignSelf: 'flex-start' }}>
            {translate(`${M}.field.map`)}
          </Button>
          {PHOTO_KINDS.map((kind) => (
            <PhotoButton key={kind} token={token} order={order} kind={kind} onUploaded={onChange} />
          ))}
          {error ? <Alert severity="error">{error}</Alert> : null}
          {order.status !== 'done' ? (
            <Stack spacing={1}>
              <Button
                variant="contained"
                color="success"
                startIcon={<CheckCircleIcon />}
                sx={TOUCH}
                disabled={!both || pending}
                onClick={() => {
                  setPending(true);
                  setError(undefined);
                  markFieldOrderDone(token, order.id)
                    .then((done) => {
                      onChange(done);
                      onNotice(translate(`${M}.field.markedDone`, { code: done.code }));
                    })
                    .catch((e: unknown) => setError(failureMessage(e)))
                    .finally(() => setPending(false));
                }}
              >
                {translate(`${M}.field.done`)}
              </Button>
              {!both ? (
                <Typography variant="caption" color="text.secondary">
                  {translate(`${M}.field.doneHint`)}
                </Typography>
              ) : null}
              {order.status !== 'problem' ? (
                <Button variant="outlined" color="error" startIcon={<ReportProblemIcon />} sx={TOUCH} onClick={() => setProblem(true)}>
                  {translate(`${M}.field.problem`)}
                </Button>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      </CardContent>
      {problem ? (
        <ProblemDialog
          order={order}
          onClose={() => setProblem(false)}
          onSend={async (kind, note) => {
            const answer = await reportFieldProblem(token, order.id, kind, note || undefined);
            setProblem(false);
            onChange(answer.workOrder);
            onNotice(translate(`${M}.field.problemSent`, { code: answer.maintenance.code }));
          }}
        />
      ) : null}
    </Card>
  );
}

type State = { kind: 'loading' } | { kind: 'gone' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: FieldOrders };

/** /field/:token — a provider team's jobs on a phone: photos as proof, done, or a problem. */
export default function FieldPage() {
  const translate = useMessages();
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [notice, setNotice] = useState<string>();

  const load = useCallback(() => {
    getFieldOrders(token)
      .then((data) => setState({ kind: 'ready', data }))
      .catch((e: unknown) => setState(e instanceof ApiError && e.status === 404 ? { kind: 'gone' } : { kind: 'failed', message: failureMessage(e) }));
  }, [token]);
  useEffect(load, [load]);

  const replace = (order: WorkOrder) =>
    setState((s) => (s.kind === 'ready' ? { kind: 'ready', data: { ...s.data, workOrders: s.data.workOrders.map((o) => (o.id === order.id ? order : o)) } } : s));

  return (
    <Box component="main" sx={{ maxWidth: 600, mx: 'auto', p: 2, minHeight: '100vh', bgcolor: 'background.default' }}>
      <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 2 }}>
        {translate(`${M}.field.overline`)}
      </Typography>
      {state.kind === 'loading' ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
          <CircularProgress size={24} />
          <Typography>{translate(`${M}.field.loading`)}</Typography>
        </Stack>
      ) : null}
      {state.kind === 'gone' ? <Alert severity="warning">{translate(`${M}.field.gone`)}</Alert> : null}
      {state.kind === 'failed' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" sx={TOUCH} onClick={load}>
              {translate(`${M}.field.retry`)}
            </Button>
          }
        >
          {state.message}
        </Alert>
      ) : null}
      {state.kind === 'ready' ? (
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {translate(`${M}.field.title`, { team: state.data.teamName })}
          </Typography>
          {notice ? (
            <Alert severity="success" onClose={() => setNotice(undefined)}>
              {notice}
            </Alert>
          ) : null}
          {state.data.workOrders.length === 0 ? <Typography>{translate(`${M}.field.empty`)}</Typography> : null}
          {state.data.workOrders.map((order) => (
            <OrderCard key={order.id} token={token} order={order} onChange={replace} onNotice={setNotice} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
