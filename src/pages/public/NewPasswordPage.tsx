import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link as MuiLink } from '@mui/material';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { loginPathFor, originState } from '@/auth/redirect';
import { getUser } from '@/auth/session';
import { useMessages } from '@/i18n/lookup';
import { PublicPage } from '@/layout/PublicPage';
import { LightTextField } from '@/ui/LightTextField';
import { errorKeyFor, statusOf } from '../messages';
import { newPasswordKey, validatePasswordChange, type Errors, type PasswordChange } from '../validation';
import { changeOwnPassword, isSignedIn } from './calls';

const EMPTY: PasswordChange = { oldPassword: '', newPassword: '', newPasswordConfirm: '' };

const FIELDS: { name: keyof PasswordChange; label: string; autoComplete: string }[] = [
  { name: 'oldPassword', label: 'app.password.old', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'app.password.new', autoComplete: 'new-password' },
  { name: 'newPasswordConfirm', label: 'app.password.confirm', autoComplete: 'new-password' },
];

/**
 * POST /user/new-password with oldPassword, newPassword, newPasswordConfirm (spec §3, §7), checked
 * first: the same checks and messages as the profile's form, without react-admin (this page is
 * outside the back office).
 */
function NewPasswordForm() {
  const translate = useMessages();
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [errors, setErrors] = useState<Errors<keyof PasswordChange>>({});
  const [result, setResult] = useState<{ ok: boolean; key: string }>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validatePasswordChange(values);
    setErrors(invalid);
    setResult(undefined);
    if (Object.keys(invalid).length) return;
    setSubmitting(true);
    const weak = await newPasswordKey(values.newPassword, [getUser()?.username ?? '']);
    if (weak) {
      setErrors({ newPassword: weak });
      setSubmitting(false);
      return;
    }
    try {
      await changeOwnPassword(values);
      setValues(EMPTY);
      setResult({ ok: true, key: 'app.password.done' });
    } catch (e) {
      // The fields are checked here first, so a 400 from the service means the current password is wrong.
      setResult({ ok: false, key: statusOf(e) === 400 ? 'app.password.wrong_old' : errorKeyFor(e) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {FIELDS.map((f) => (
        <LightTextField
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

/** /new-password: the signed-in user's password change outside the layout (after sign-in when needed). */
export default function NewPasswordPage() {
  const translate = useMessages();
  const location = useLocation();
  if (!isSignedIn()) return <Navigate to={loginPathFor(location)} replace state={originState(location)} />;
  return (
    <PublicPage title={translate('app.new_password.title')}>
      <NewPasswordForm />
      <MuiLink component={Link} to="/">
        {translate('app.error_pages.home')}
      </MuiLink>
    </PublicPage>
  );
}
