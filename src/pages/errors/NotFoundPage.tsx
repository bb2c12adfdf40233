import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useMessages } from '@/i18n/lookup';
import { ErrorPage } from '@/layout/PublicPage';
import { LinkGone } from '@/pages/shared/LinkGone';
import { isLinkVisitor } from '@/pages/shared/linkVisit';

/**
 * /404 and every unknown path: its message (app.error_pages.not_found) and a 'Torna alla Home' link. A shared link's
 * visitor, sent here when the share service refuses the link (401), is a client with no home in
 * the back office: they get the page that speaks to them.
 */
export default function NotFoundPage() {
  const translate = useMessages();
  if (isLinkVisitor()) return <LinkGone />;
  return (
    <ErrorPage message={translate('app.error_pages.not_found')}>
      {/* The text exactly as written: MUI's theme upper-cases button labels. */}
      <Button variant="outlined" component={Link} to="/" sx={{ textTransform: 'none' }}>
        {translate('app.error_pages.home')}
      </Button>
    </ErrorPage>
  );
}
