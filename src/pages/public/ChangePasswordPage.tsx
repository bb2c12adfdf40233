import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link as MuiLink } from '@mui/material';
import { Link, useSearchParams } from 'react-router-dom';
import { useMessages } from '@/i18n/lookup';
import { PublicPage } from '@/layout/PublicPage';
import { errorKeyFor, statusOf } from '../messages';
import { PasswordFields, type PasswordField } from '../PasswordChangeForm';
import { resetPassword } from './calls';
import { newPasswordKey, validatePasswordReset, type Errors, type PasswordReset } from '../validation';

const FIELDS: PasswordField<keyof PasswordReset>[] = [
  { name: 'newPassword', label: 'app.password.new', autoComplete: 'new-password' },
  { name: 'newPasswordConfirm', label: 'app.password.confirm', autoComplete: 'new-password' },
];

/** /change-password?token=…: the link of the reset mail; POST /user/savePassword (public) with the token and the new password. */
export default function ChangePasswordPage() {
  const translate = useMessages();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState<PasswordReset>({ newPassword: '', newPasswordConfirm: '' });
  const [errors, setErrors] = useState<Errors<keyof PasswordReset>>({});
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validatePasswordReset(values);
    setErrors(invalid);
    if (Object.keys(invalid).length) return;
    setError(undefined);
    setSubmitting(true);
    const weak = await newPasswordKey(values.newPassword);
    if (weak) {
      setErrors({ newPassword: weak });
      setSubmitting(false);
      return;
    }
    try {
      await resetPassword({ token, newPassword: values.newPassword });
      setDone(true);
    } catch (e) {
      setError(statusOf(e) === 404 ? 'app.change_password.invalid_token' : errorKeyFor(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicPage title={translate('app.change_password.title')}>
      {!token ? (
        <Alert severity="error" role="alert">
          {translate('app.change_password.missing_token')}
        </Alert>
      ) : done ? (
        <Alert severity="success" role="status">
          {translate('app.change_password.done')}
        </Alert>
      ) : (
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <Box sx={{ typography: 'body2' }}>{translate('app.change_password.intro')}</Box>
          <PasswordFields fields={FIELDS} values={values} errors={errors} translate={translate} onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))} />
          {error ? (
            <Alert severity="error" role="alert">
              {translate(error)}
            </Alert>
          ) : null}
          <Button type="submit" variant="contained" disabled={submitting}>
            {translate('app.change_password.submit')}
          </Button>
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <MuiLink component={Link} to="/login">
          {translate('app.auth.back_to_login')}
        </MuiLink>
        {!token || error === 'app.change_password.invalid_token' ? (
          <MuiLink component={Link} to="/forgot-password">
            {translate('app.forgot_password.title')}
          </MuiLink>
        ) : null}
      </Box>
    </PublicPage>
  );
}
