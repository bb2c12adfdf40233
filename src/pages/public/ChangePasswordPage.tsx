import { useState, type FormEvent } from 'react';
import { Alert, Box } from '@mui/material';
import {  useSearchParams } from 'react-router-dom';
import { useMessages } from '@/i18n/lookup';
import { PublicForm, PublicLink, PublicPage } from '@/layout/PublicPage';
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
        <PublicForm
          onSubmit={submit}
          intro={translate('app.change_password.intro')}
          error={error && translate(error)}
          submit={translate('app.change_password.submit')}
          submitting={submitting}
        >
          <PasswordFields fields={FIELDS} values={values} errors={errors} translate={translate} onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))} />
        </PublicForm>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <PublicLink to="/login">{translate('app.auth.back_to_login')}</PublicLink>
        {!token || error === 'app.change_password.invalid_token' ? (
          <PublicLink to="/forgot-password">{translate('app.forgot_password.title')}</PublicLink>
        ) : null}
      </Box>
    </PublicPage>
  );
}
