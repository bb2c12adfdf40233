import { useState, type FormEvent } from 'react';
import { Alert } from '@mui/material';
import { useMessages } from '@/i18n/lookup';
import { LightTextField } from '@/ui/LightTextField';
import { PublicForm, PublicLink, PublicPage } from '@/layout/PublicPage';
import { errorKeyFor } from '../messages';
import { requestPasswordReset } from './calls';
import { usernameKey } from '../validation';

/** /forgot-password: POST /user/forgotPassword?username (public); the answer is the same whether or not the user exists. */
export default function ForgotPasswordPage() {
  const translate = useMessages();
  const [username, setUsername] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = usernameKey(username.trim());
    setFieldError(invalid);
    if (invalid) return;
    setError(undefined);
    setSubmitting(true);
    try {
      await requestPasswordReset(username.trim());
      setSent(true);
    } catch (e) {
      setError(errorKeyFor(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicPage title={translate('app.forgot_password.title')}>
      {sent ? (
        <Alert severity="success" role="status">
          {translate('app.forgot_password.sent')}
        </Alert>
      ) : (
        <PublicForm
          onSubmit={submit}
          intro={translate('app.forgot_password.intro')}
          error={error && translate(error)}
          submit={translate('app.forgot_password.submit')}
          submitting={submitting}
        >
          <LightTextField
            label={translate('app.auth.username')}
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError ? translate(fieldError) : undefined}
          />
        </PublicForm>
      )}
      <PublicLink to="/login">{translate('app.auth.back_to_login')}</PublicLink>
    </PublicPage>
  );
}
