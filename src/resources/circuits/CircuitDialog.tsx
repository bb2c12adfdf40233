import { useState, type FormEvent } from 'react';
import {
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useCreate, useGetList, useNotify, useTranslate } from 'react-admin';
import type { Circuit, CircuitType } from '@/api/circuits';
import { DialogCancelButton, FormDialog } from '@/forms/unsavedChanges';
import { notifyError } from './errors';

interface Props {
  open: boolean;
  type: CircuitType;
  onClose: () => void;
  onCreated: (circuit: Circuit) => void;
}

/** Create a circuit: name, type, and for DOOH the playlist and the show its players run. */
export function CircuitDialog({ open, type, onClose, onCreated }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [playlistId, setPlaylistId] = useState('');
  const [showId, setShowId] = useState('');
  const [error, setError] = useState<string>();
  const [create, { isPending }] = useCreate<Circuit>();
  const dooh = type === 'DOOH';
  const playlists = useGetList(
    'playlists',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open && dooh },
  );
  const shows = useGetList(
    'shows',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open && dooh },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(translate('ra.validation.required'));
      return;
    }
    create(
      'circuits',
      {
        data: { name: name.trim(), type, playlistId: playlistId ? Number(playlistId) : undefined, showId: showId ? Number(showId) : undefined },
        meta: { type },
      },
      {
        onSuccess: (circuit) => {
          notify('resources.circuits.messages.created', {
            type: 'success',
            messageArgs: { name: circuit.name },
          });
          setName('');
          setPlaylistId('');
          setShowId('');
          setError(undefined);
          onCreated(circuit);
        },
        // The dialog stays open with what was typed.
        onError: (e) => notifyError(notify, e),
      },
    );
  };

  return (
    <FormDialog open={open} onClose={onClose} dirty={Boolean(name || playlistId || showId)} fullWidth maxWidth="sm" aria-labelledby="circuit-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="circuit-dialog-title">
          {translate('resources.circuits.actions.create_type', { type })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              autoFocus
              required
              label={translate('resources.circuits.fields.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(error)}
              helperText={error}
              slotProps={{ htmlInput: { maxLength: 200, name: 'name' } }}
            />
            <TextField label={translate('resources.circuits.fields.type')} value={type} disabled />
            {dooh ? (
              <>
                <TextField
                  select
                  label={translate('resources.circuits.fields.playlistId')}
                  value={playlistId}
                  onChange={(e) => setPlaylistId(e.target.value)}
                >
                  <MenuItem value="">{translate('resources.circuits.messages.none')}</MenuItem>
                  {(playlists.data ?? []).map((p) => (
                    <MenuItem key={p.id} value={String(p.id)}>
                      {String(p.name)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  label={translate('resources.circuits.fields.showId')}
                  value={showId}
                  onChange={(e) => setShowId(e.target.value)}
                >
                  <MenuItem value="">{translate('resources.circuits.messages.none')}</MenuItem>
                  {(shows.data ?? []).map((s) => (
                    <MenuItem key={s.id} value={String(s.id)}>
                      {String(s.name)}
                    </MenuItem>
                  ))}
                </TextField>
              </>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <DialogCancelButton />
          <Button type="submit" variant="contained" disabled={isPending}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
