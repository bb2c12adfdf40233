import { useState, type FormEvent } from 'react';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { prefetchBackOffice } from '@/backOfficeLoader';
import { afterLoginPath, GUEST } from '@/auth/permissions';
import { rememberedLocation } from '@/auth/redirect';
import { getRole } from '@/auth/session';
import { useMessages } from '@/i18n/lookup';
import { LightTextField } from '@/ui/LightTextField';
import { PublicForm, PublicLink, PublicPage } from '@/layout/PublicPage';
import { AuthError, isSignedIn, signIn } from './calls';

/** What a guest signed in on /login sees: guests open only shared links. */
function GuestNotice() {
  const translate = useMessages();
  const navigate = useNavigate();
  return (
    <PublicPage title={translate('app.auth.guest_title')}>
      <Alert severity="info">{translate('app.auth.guest_text')}</Alert>
      <Button variant="contained" onClick={() => navigate('/logout')}>
        {translate('app.auth.guest_logout')}
      </Button>
    </PublicPage>
  );
}

export interface LoginFormProps {
  /** `wronguser`: the forced sign-out when stored credentials are incomplete, explained above the form. */
  notice?: 'wronguser';
}

/**
 * Username and password → /oauth/token and the profile (signIn); back to the remembered location,
 * else the role's home. The back office's chunk starts loading while the password is typed.
 */
export function LoginForm({ notice }: LoginFormProps) {
  const translate = useMessages();
  const location = useLocation();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ key: string; params?: Record<string, unknown> }>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError({ key: 'app.validation.required' });
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      const role = await signIn(username.trim(), password);
      navigate(afterLoginPath(role, rememberedLocation(location)));
    } catch (e) {
      const key = e instanceof Error && e.message.startsWith('app.') ? e.message : 'app.auth.errors.server';
      setError({ key, params: e instanceof AuthError ? e.params : undefined });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicPage title={translate('app.auth.login_title')}>
      {notice === 'wronguser' ? (
        <Alert severity="warning">
          <AlertTitle>{translate('app.auth.wronguser_title')}</AlertTitle>
          {translate('app.auth.wronguser')}
        </Alert>
      ) : null}
      <PublicForm
        onSubmit={submit}
        error={error && translate(error.key, error.params)}
        submit={translate(submitting ? 'app.auth.signing_in' : 'app.auth.sign_in')}
        submitting={submitting}
      >
        <LightTextField
          label={translate('app.auth.username')}
          name="username"
          autoComplete="username"
          autoFocus
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <LightTextField
          label={translate('app.auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onFocus={prefetchBackOffice}
          onChange={(e) => {
            prefetchBackOffice();
            setPassword(e.target.value);
          }}
        />
      </PublicForm>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <PublicLink to="/forgot-password">{translate('app.auth.forgot_password')}</PublicLink>
        <PublicLink to="/signup">{translate('app.auth.signup')}</PublicLink>
      </Box>
    </PublicPage>
  );
}

/** /login: the sign-in form; a signed-in staff user goes on to the remembered location or home, a guest gets the notice. */
export default function LoginPage() {
  const location = useLocation();
  if (isSignedIn()) {
    const role = getRole();
    if (role === GUEST) return <GuestNotice />;
    return <Navigate to={afterLoginPath(role, rememberedLocation(location))} replace />;
  }
  return <LoginForm />;
}
