import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { failureStatus } from '@/api/failures';
import { getUser } from '@/auth/session';
import type { AppDataProvider } from '@/dataProviders';
import { useFailure } from '@/ui/useFailure';
import { newPasswordKey, validatePasswordChange, type Errors, type PasswordChange } from '../validation';

const EMPTY: PasswordChange = { oldPassword: '', newPassword: '', newPasswordConfirm: '' };

const FIELDS: { name: keyof PasswordChange; label: string; autoComplete: string }[] = [
  { name: 'oldPassword', label: 'app.password.old', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'app.password.new', autoComplete: 'new-password' },
  { name: 'newPasswordConfirm', label: 'app.password.confirm', autoComplete: 'new-password' },
];

/** POST /user/new-password with oldPassword, newPassword, newPasswordConfirm (spec §3, §7), checked first. */
export function PasswordChangeForm() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const failure = useFailure();
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [errors, setErrors] = useState<Errors<keyof PasswordChange>>({});
  const [result, setResult] = useState<{ ok: boolean; key: string }>();
  const [checking, setChecking] = useState(false);

  // Nothing on screen reads the password, so there is no query to invalidate after the change.
  const change = useMutation({
    mutationFn: (body: PasswordChange) => dataProvider.changeOwnPassword('users', body),
    onSuccess: () => {
      setValues(EMPTY);
      setResult({ ok: true, key: 'app.password.done' });
    },
    onError: (e) => {
      // The fields are checked here first, so a 400 from the service means the current password is wrong.
      if (failureStatus(e) === 400) setResult({ ok: false, key: 'app.password.wrong_old' });
      else failure(e);
    },
  });
  const submitting = checking || change.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validatePasswordChange(values);
    setErrors(invalid);
    setResult(undefined);
    if (Object.keys(invalid).length) return;
    setChecking(true);
    const weak = await newPasswordKey(values.newPassword, [getUser()?.username ?? '']).finally(() => setChecking(false));
    if (weak) return setErrors({ newPassword: weak });
    change.mutate(values);
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 420 }}
    >
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          label={translate(f.label)}
          name={f.name}
          type="password"
          autoComplete={f.autoComplete}
          required
          value={values[f.name]}
          onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          error={Boolean(errors[f.name])}
          helperText={errors[f.name] ? translate(errors[f.name]!) : undefined}
        />
      ))}
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
          {translate(result.key)}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" disabled={submitting} sx={{ alignSelf: 'flex-start' }}>
        {translate('app.password.submit')}
      </Button>
    </Box>
  );
}
