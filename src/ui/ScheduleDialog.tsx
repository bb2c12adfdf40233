import { useState, type ReactNode } from 'react';
import { Button, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DialogCancelButton, FormDialog, differs } from '@/forms/unsavedChanges';
import type { EventRepetition, Repetition, Schedule } from '@/api/schedule';

export const REPETITIONS: Repetition[] = ['once', 'daily', 'weekly', 'monthly'];

/** A moment as a datetime-local input shows it (local time, minutes). */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export interface ScheduleDialogValue extends Omit<Schedule, 'repetition'> {
  /** `custom`: the event keeps its own cron expression (one these choices do not write). */
  repetition: EventRepetition;
  enabled: boolean;
}

/**
 * When a send runs: once at a moment, or every day, week or month from its first run (same time,
 * same weekday or day of the month). `showEnabled` adds the switch that pauses an event.
 */
export function ScheduleDialog({
  open,
  title,
  initial,
  showEnabled = false,
  pending = false,
  notice,
  onClose,
  onSave,
}: {
  open: boolean;
  title: string;
  initial: Partial<ScheduleDialogValue>;
  showEnabled?: boolean;
  pending?: boolean;
  /** Shown above the fields (a refused save of the event: StaleSave). */
  notice?: ReactNode;
  onClose: () => void;
  onSave: (value: ScheduleDialogValue) => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState(initial.name ?? '');
  const [repetition, setRepetition] = useState<EventRepetition>(initial.repetition ?? 'weekly');
  const choices: EventRepetition[] = initial.repetition === 'custom' ? [...REPETITIONS, 'custom'] : REPETITIONS;
  // An hour from now unless the event has its own moment.
  const [at, setAt] = useState(() => localInputValue(initial.at ?? new Date(Date.now() + 60 * 60 * 1000)));
  const [enabled, setEnabled] = useState(initial.enabled ?? true);
  // What the dialog opened with: closing it once any of these changed asks first.
  const [start] = useState(() => ({ name, repetition, at, enabled }));
  const dirty = differs({ name, repetition, at, enabled }, start);
  const when = new Date(at);
  const valid = name.trim().length > 0 && !Number.isNaN(when.getTime());
  return (
    <FormDialog open={open} dirty={dirty} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="schedule-dialog-title">
      <DialogTitle id="schedule-dialog-title">{translate(title)}</DialogTitle>
      <DialogContent>
        {notice}
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate('resources.scheduledEvents.fields.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            inputProps={{ maxLength: 120 }}
            size="small"
          />
          <TextField
            select
            label={translate('resources.scheduledEvents.fields.repetition')}
            value={repetition}
            onChange={(e) => setRepetition(e.target.value as EventRepetition)}
            size="small"
          >
            {choices.map((r) => (
              <MenuItem key={r} value={r}>
                {translate(`resources.scheduledEvents.repetitions.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="datetime-local"
            disabled={repetition === 'custom'}
            label={translate(repetition === 'once' ? 'resources.scheduledEvents.fields.runAt' : 'resources.scheduledEvents.fields.firstRun')}
            value={at}
            onChange={(e) => setAt(e.target.value)}
            required
            size="small"
            InputLabelProps={{ shrink: true }}
            helperText={repetition === 'once' || repetition === 'custom' ? undefined : translate(`resources.scheduledEvents.period_help.${repetition}`)}
          />
          {showEnabled ? (
            <FormControlLabel
              control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
              label={translate('resources.scheduledEvents.fields.enabled')}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <DialogCancelButton />
        <Button variant="contained" disabled={!valid || pending} onClick={() => onSave({ name, repetition, at: when, enabled })}>
          {translate('resources.scheduledEvents.save')}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
