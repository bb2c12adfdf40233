import { Button } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '@/i18n/lookup';
import { ErrorPage } from '@/layout/PublicPage';

/** /403: its message (app.error_pages.forbidden, the text exactly as given) and a LOGOUT button. */
export default function ForbiddenPage() {
  const translate = useMessages();
  const navigate = useNavigate();
  return (
    <ErrorPage message={translate('app.error_pages.forbidden')}>
      <Button variant="contained" onClick={() => navigate('/logout')}>
        {translate('app.error_pages.logout')}
      </Button>
    </ErrorPage>
  );
}
