import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { signOut } from './calls';
import { hasAnySessionItem } from '@/auth/session';
import { LoadingAnimation } from '@/layout/LoadingAnimation';
import { LoginForm } from './LoginPage';

/**
 * /logout (a login screen): ends the session on the server, clears it and reloads; after the
 * reload, the login form. /logout?error=wronguser explains the forced sign-out of incomplete credentials.
 */
export default function LogoutPage() {
  const [params] = useSearchParams();
  const [hadSession] = useState(hasAnySessionItem);
  useEffect(() => {
    if (hadSession) void signOut();
  }, [hadSession]);
  if (hadSession) return <LoadingAnimation variant="fullScreen" />;
  return <LoginForm notice={params.get('error') === 'wronguser' ? 'wronguser' : undefined} />;
}
