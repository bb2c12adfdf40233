import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, DialogActions, DialogContent, DialogTitle, FormControl, FormHelperText, InputLabel, ListItemText, MenuItem, Select, Stack } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { createSystemProvider, type Team, type TeamProviderType } from '@/dataProviders/teams';
import { DialogCancelButton, FormDialog } from '@/forms/unsavedChanges';
import { notifyError } from '../circuits/errors';
import { SystemPicker, type PickedSystem } from '../circuits/SystemPicker';
import { useProviderTypes } from './providerTypes';

/** The duties picker shared by the link dialog and the links of a system. */
export function DutiesSelect({ value, onChange, error, id }: { value: TeamProviderType[]; onChange: (v: TeamProviderType[]) => void; error?: string; id: string }) {
  const translate = useTranslate();
  const types = useProviderTypes();
  return (
    <FormControl required error={Boolean(error)} size="small" sx={{ minWidth: 240 }}>
      <InputLabel id={id}>{translate('resources.teams.fields.duties')}</InputLabel>
      <Select
        labelId={id}
        multiple
        value={value}
        label={translate('resources.teams.fields.duties')}
        onChange={(e) => onChange((typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value) as TeamProviderType[])}
        renderValue={(selected) => selected.map((t) => translate(`resources.teams.provider_types.${t}`, { _: t })).join(', ')}
      >
        {types.map((t) => (
          <MenuItem key={t} value={t}>
            <Checkbox checked={value.includes(t)} />
            <ListItemText primary={translate(`resources.teams.provider_types.${t}`, { _: t })} />
          </MenuItem>
        ))}
      </Select>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}

/** Link a system to a team with its duties (POST /team/systemProvider/create); keyed by the team where it is used. */
export function LinkDialog({ team, onClose }: { team?: Team; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [system, setSystem] = useState<PickedSystem | null>(null);
  const [duties, setDuties] = useState<TeamProviderType[]>(() => (team ? team.providerType.slice(0, 1) : []));
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!team || !system || !duties.length) return;
    setPending(true);
    try {
      await createSystemProvider({ systemId: system.id, teamId: team.id, duties });
      notify('resources.teams.messages.linked', { type: 'success', messageArgs: { code: system.code, name: team.companyName } });
      void queryClient.invalidateQueries({ queryKey: ['systemProviders'] });
      onClose();
    } catch (e) {
      notifyError(notify, e);
    } finally {
      setPending(false);
    }
  };
  return (
    <FormDialog open={Boolean(team)} onClose={onClose} dirty={system !== null} fullWidth maxWidth="sm" aria-labelledby="link-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="link-dialog-title">{translate('resources.teams.actions.link_title', { name: team?.companyName ?? '' })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <SystemPicker label={translate('resources.teams.fields.system')} value={system} onChange={setSystem} />
            {touched && !system ? <FormHelperText error>{translate('ra.validation.required')}</FormHelperText> : null}
            <DutiesSelect id="link-duties" value={duties} onChange={setDuties} error={touched && !duties.length ? translate('resources.teams.validation.duties') : undefined} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <DialogCancelButton />
          <Button type="submit" variant="contained" disabled={pending}>
            {translate('resources.teams.actions.link')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
