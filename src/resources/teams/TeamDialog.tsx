import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import { useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { Team, TeamProviderType } from '@/dataProviders/teams';
import { DialogCancelButton, differs, FormDialog } from '@/forms/unsavedChanges';
import { notifyError } from '../circuits/errors';
import { useProviderTypes } from './providerTypes';

type Values = { companyName: string; address: string; vat: string; providerType: TeamProviderType[]; mail: string; phone: string };
const EMPTY: Values = { companyName: '', address: '', vat: '', providerType: [], mail: '', phone: '' };

/** The rules of TeamInput (systems.yaml), checked before sending; the server checks them again. */
export function validateTeam(v: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!v.companyName.trim()) errors.companyName = 'ra.validation.required';
  if (!/^[0-9]{11}$/.test(v.vat.trim())) errors.vat = 'resources.teams.validation.vat';
  if (!v.providerType.length) errors.providerType = 'resources.teams.validation.provider_type';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.mail.trim())) errors.mail = 'resources.teams.validation.mail';
  if (v.phone.trim() && !/^\+?[0-9 ]{6,20}$/.test(v.phone.trim())) errors.phone = 'resources.teams.validation.phone';
  return errors;
}

interface Props {
  open: boolean;
  team?: Team;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Create or edit a team. On a refusal (409 VAT in use, 400) the dialog keeps what was typed.
 * Give it a new `key` each time it opens, so that it starts from the team's data.
 */
export function TeamDialog({ open, team, onClose, onSaved }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const types = useProviderTypes();
  const [initial] = useState<Values>(() =>
    team ? { ...EMPTY, ...team, address: team.address ?? '', phone: team.phone ?? '', mail: team.mail ?? '', vat: team.vat ?? '' } : EMPTY,
  );
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState(false);
  const [create, { isPending: creating }] = useCreate<Team>();
  const [update, { isPending: updating }] = useUpdate<Team>();
  const errors = touched ? validateTeam(values) : {};
  const set = (key: keyof Values) => (e: { target: { value: unknown } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const helper = (key: keyof Values) => (errors[key] ? translate(errors[key]) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(validateTeam(values)).length) return;
    const options = {
      onSuccess: () => {
        notify(team ? 'resources.teams.messages.updated' : 'resources.teams.messages.created', { type: 'success', messageArgs: { name: values.companyName } });
        onSaved();
      },
      onError: (e: unknown) => notifyError(notify, e),
    };
    if (team) update('teams', { id: team.id, data: values, previousData: team }, { ...options, mutationMode: 'pessimistic' });
    else create('teams', { data: values }, options);
  };

  return (
    <FormDialog open={open} onClose={onClose} dirty={differs(values, initial)} fullWidth maxWidth="sm" aria-labelledby="team-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="team-dialog-title">{translate(team ? 'resources.teams.actions.edit' : 'resources.teams.actions.create')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField autoFocus required name="companyName" label={translate('resources.teams.fields.companyName')} value={values.companyName} onChange={set('companyName')} error={Boolean(errors.companyName)} helperText={helper('companyName')} />
            <TextField required name="vat" label={translate('resources.teams.fields.vat')} value={values.vat} onChange={set('vat')} error={Boolean(errors.vat)} helperText={helper('vat')} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }} />
            <TextField name="address" label={translate('resources.teams.fields.address')} value={values.address} onChange={set('address')} slotProps={{ htmlInput: { maxLength: 300 } }} />
            <FormControl required error={Boolean(errors.providerType)}>
              <InputLabel id="team-provider-type">{translate('resources.teams.fields.providerType')}</InputLabel>
              <Select
                labelId="team-provider-type"
                name="providerType"
                multiple
                value={values.providerType}
                label={translate('resources.teams.fields.providerType')}
                onChange={(e) => setValues((v) => ({ ...v, providerType: (typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value) as TeamProviderType[] }))}
                renderValue={(selected) => selected.map((t) => translate(`resources.teams.provider_types.${t}`, { _: t })).join(', ')}
              >
                {types.map((t) => (
                  <MenuItem key={t} value={t}>
                    <Checkbox checked={values.providerType.includes(t)} />
                    <ListItemText primary={translate(`resources.teams.provider_types.${t}`, { _: t })} />
                  </MenuItem>
                ))}
              </Select>
              {errors.providerType ? <FormHelperText>{helper('providerType')}</FormHelperText> : null}
            </FormControl>
            <TextField required name="mail" type="email" label={translate('resources.teams.fields.mail')} value={values.mail} onChange={set('mail')} error={Boolean(errors.mail)} helperText={helper('mail')} />
            <TextField name="phone" label={translate('resources.teams.fields.phone')} value={values.phone} onChange={set('phone')} error={Boolean(errors.phone)} helperText={helper('phone')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <DialogCancelButton />
          <Button type="submit" variant="contained" disabled={creating || updating}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
