import { Link as MuiLink } from '@mui/material';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { isSignedIn } from '@/auth/authProvider';
import { loginPathFor, originState } from '@/auth/redirect';
import { PublicPage } from '@/layout/PublicPage';
import { PasswordChangeForm } from '../profile/PasswordChangeForm';

/** /new-password: the signed-in user's password change outside the layout (after sign-in when needed). */
export default function NewPasswordPage() {
  const translate = useTranslate();
  const location = useLocation();
  if (!isSignedIn()) return <Navigate to={loginPathFor(location)} replace state={originState(location)} />;
  return (
    <PublicPage title={translate('app.new_password.title')}>
      <PasswordChangeForm />
      <MuiLink component={Link} to="/">
        {translate('app.error_pages.home')}
      </MuiLink>
    </PublicPage>
  );
}
