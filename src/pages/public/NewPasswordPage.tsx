import { Link as MuiLink } from '@mui/material';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { loginPathFor, originState } from '@/auth/redirect';
import { useMessages } from '@/i18n/lookup';
import { PublicPage } from '@/layout/PublicPage';
import { PasswordChangeForm } from '../PasswordChangeForm';
import { changeOwnPassword, isSignedIn } from './calls';

/** /new-password: the signed-in user's password change outside the layout (after sign-in when needed). */
export default function NewPasswordPage() {
  const translate = useMessages();
  const location = useLocation();
  if (!isSignedIn()) return <Navigate to={loginPathFor(location)} replace state={originState(location)} />;
  return (
    <PublicPage title={translate('app.new_password.title')}>
      <PasswordChangeForm send={changeOwnPassword} translate={translate} />
      <MuiLink component={Link} to="/">
        {translate('app.error_pages.home')}
      </MuiLink>
    </PublicPage>
  );
}
