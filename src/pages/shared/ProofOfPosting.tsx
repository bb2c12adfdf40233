import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { failureMessage } from '@/api/failures';
import { PdfButton } from './PdfButton';
import {
  downloadProofOfPostingPdf,
  getProofOfPosting,
  workOrderPhotoUrl,
  type ProofOfPosting as Proof,
} from '../public/calls';
import { useMessages } from '@/i18n/lookup';
import { distanceText } from '@/ui/distance';

const M = 'resources.workOrders';
type Photo = Proof['rows'][number]['photos'][number];

const itDate = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T00:00:00` : iso).toLocaleDateString('it-IT');
const itDateTime = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short' });

function ProofPhoto({ photo }: { photo: Photo }) {
  const translate = useMessages();
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let alive = true;
    workOrderPhotoUrl(photo.id)
      .then((url) => alive && setSrc(url))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [photo.id]);
  const label = translate(`${M}.field.${photo.kind}`);
  return (
    <Box component="figure" sx={{ m: 0, width: { xs: '100%', sm: 220 } }}>
      {src ? (
        <Box
          component="img"
          src={src}
          alt={label}
          sx={{
            width: '100%',
            aspectRatio: '4 / 3',
            objectFit: 'cover',
            borderRadius: 1,
            bgcolor: 'action.hover',
          }}
        />
      ) : (
        <Box sx={{ width: '100%', aspectRatio: '4 / 3', borderRadius: 1, bgcolor: 'action.hover' }} />
      )}
      <Typography component="figcaption" variant="caption" sx={{ display: 'block' }}>
        {photo.takenAt && photo.distanceMeters !== null
          ? translate(`${M}.field.photoTaken`, {
              kind: label,
              date: itDateTime(photo.takenAt),
              distance: distanceText(photo.distanceMeters),
            })
          : translate(`${M}.field.photoNoExif`, { kind: label })}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {photo.flags.map((flag) => (
          <Chip
            key={flag}
            size="small"
            color="warning"
            label={translate(`${M}.flag.${flag}`, { distance: distanceText(photo.distanceMeters) })}
          />
        ))}
      </Stack>
    </Box>
  );
}

/** A campaign's proof of posting: each booked face with its photos, date and place; what is missing is said. */
export function ProofOfPosting({ campaignId }: { campaignId: number }) {
  const translate = useMessages();
  const [proof, setProof] = useState<Proof>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    getProofOfPosting(campaignId)
      .then(setProof)
      .catch((e: unknown) => setError(failureMessage(e)));
  }, [campaignId]);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!proof) return <CircularProgress size={24} aria-label={translate(`${M}.proof.loading`)} />;
  return (
    <Stack spacing={2} component="section" aria-label={translate(`${M}.proof.title`)}>
      <Typography variant="h6" component="h2">
        {translate(`${M}.proof.title`)}
      </Typography>
      <Typography>{translate(`${M}.proof.summary`, { proven: proof.proven, faces: proof.faces })}</Typography>
      <PdfButton label={translate(`${M}.proof.pdf`)} download={() => downloadProofOfPostingPdf(campaignId)} />
      {proof.missing.length ? (
        <Alert severity="warning">
          <Typography variant="subtitle2">{translate(`${M}.proof.missing`)}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {proof.missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {proof.faces === 0 ? <Typography>{translate(`${M}.proof.empty`)}</Typography> : null}
      {proof.rows.map((row) => (
        <Card
          key={`${row.frameId}-${row.periodStart}`}
          variant="outlined"
          component="article"
          aria-label={`${row.frameName} ${row.systemCode}`}
        >
          <CardContent>
            <Stack spacing={1}>
              <Typography variant="subtitle1" component="h3">
                {row.frameName} · {row.systemCode}
              </Typography>
              <Typography variant="body2">
                {row.address}, {row.municipality} —{' '}
                {translate(`${M}.proof.period`, {
                  start: itDate(row.periodStart),
                  end: itDate(row.periodEnd),
                })}
              </Typography>
              <Typography variant="body2">
                {row.doneAt
                  ? translate(`${M}.proof.postedAt`, { date: itDateTime(row.doneAt) })
                  : (row.missing ?? '')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                {row.photos.map((p) => (
                  <ProofPhoto key={p.id} photo={p} />
                ))}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
