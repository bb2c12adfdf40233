import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useMessages } from '@/i18n/lookup';
import { useUnsavedChangesGuard } from '@/forms/unsavedChangesGuard';
import type { SchemaClientAnswer } from '@/api/generated/share';
import { failureMessage } from '@/api/failures';
import { acceptSharedEstimate, requestSharedEstimateChanges } from '../public/calls';
import type { EstimateViewData } from './EstimateView';

export type AnswerableEstimate = EstimateViewData & { conditions?: string[]; statusLabel?: string };

/** Today in Rome, `YYYY-MM-DD`: an offer is valid through its `validUntil` day. */
const todayInRome = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
const dayIt = (day: string) => day.slice(0, 10).split('-').reverse().join('/');
const whenIt = (iso: string) => new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short' });

const refusalOf = (value: unknown) =>
  value && typeof value === 'object' && 'statusCode' in value && 'message' in value ? String((value as { message: unknown }).message) : undefined;

/**
 * The client's answer on a shared offer: accept it (name, company role, agreement to the conditions
 * shown) or ask for changes with a note. An offer past its validity day, or not waiting for an
 * answer, says so instead (the service refuses them too). `linkId` is the estimate the link was made
 * for: the guest token's own, which answers for its newest version.
 */
export function EstimateAnswer({ estimate, linkId }: { estimate: AnswerableEstimate; linkId: number }) {
  const translate = useMessages();
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.shares.viewer.answer.${key}`, args);
  const [mode, setMode] = useState<'accept' | 'changes'>();
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [note, setNote] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<SchemaClientAnswer>();
  // A started answer asks before the page is left; a sent one has nothing left to keep.
  const { guard } = useUnsavedChangesGuard(Boolean(mode) && ([name, role, note].some((v) => v.trim() !== '') || agreed));
  const acceptance = done?.kind === 'accepted' ? { name: done.name, role: done.role ?? '', acceptedAt: done.at } : estimate.acceptance;

  if (acceptance) {
    return (
      <Alert severity="success" data-testid="offer-accepted">
        {t('accepted', { name: acceptance.name, role: acceptance.role, at: whenIt(acceptance.acceptedAt) })}
      </Alert>
    );
  }
  if (estimate.validUntil && estimate.validUntil.slice(0, 10) < todayInRome()) {
    return (
      <Alert severity="warning" data-testid="offer-expired">
        {t('expired', { date: dayIt(estimate.validUntil) })}
      </Alert>
    );
  }
  if (estimate.status !== 'sent') {
    return <Alert severity="info">{t('not_open', { status: estimate.statusLabel ?? estimate.status ?? '' })}</Alert>;
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(undefined);
    const call =
      mode === 'accept'
        ? acceptSharedEstimate(linkId, { name: name.trim(), role: role.trim(), agreed: true })
        : requestSharedEstimateChanges(linkId, { name: name.trim(), note: note.trim() });
    call
      .then((result) => {
        const refused = refusalOf(result);
        if (refused) setError(refused);
        else {
          setDone(result as SchemaClientAnswer);
          setMode(undefined);
          setNote('');
        }
      })
      .catch((err: unknown) => setError(failureMessage(err)))
      .finally(() => setPending(false));
  };

  const ready = name.trim() && (mode === 'accept' ? role.trim() && agreed : note.trim());
  return (
    <Box component="section" aria-label={t('title')} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <Typography variant="h6" component="h2">{t('title')}</Typography>
      {done?.kind === 'changes' ? <Alert severity="success" data-testid="changes-sent">{t('changes_sent')}</Alert> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant={mode === 'accept' ? 'contained' : 'outlined'} color="success" onClick={() => setMode('accept')}>{t('accept')}</Button>
        <Button variant={mode === 'changes' ? 'contained' : 'outlined'} onClick={() => setMode('changes')}>{t('changes')}</Button>
      </Stack>
      {mode ? (
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {guard}
          <TextField label={t('name')} value={name} onChange={(e) => setName(e.target.value)} required fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />
          {mode === 'accept' ? (
            <>
              <TextField label={t('role')} value={role} onChange={(e) => setRole(e.target.value)} required fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />
              {estimate.conditions?.length ? (
                <Box component="section" aria-label={t('conditions')}>
                  <Typography variant="subtitle2" component="h3">{t('conditions')}</Typography>
                  <Box component="ol" sx={{ m: 0, pl: 3 }}>
                    {estimate.conditions.map((c) => (
                      <Typography component="li" variant="body2" key={c}>{c}</Typography>
                    ))}
                  </Box>
                </Box>
              ) : null}
              <FormControlLabel control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />} label={t('agree')} />
            </>
          ) : (
            <TextField label={t('note')} value={note} onChange={(e) => setNote(e.target.value)} required fullWidth multiline minRows={3} slotProps={{ htmlInput: { maxLength: 2000 } }} />
          )}
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Button type="submit" variant="contained" disabled={!ready || pending} sx={{ alignSelf: 'flex-start' }}>
            {mode === 'accept' ? t('send_accept') : t('send_changes')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
