import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useMessages } from '@/i18n/lookup';
import { LinkGone } from '@/pages/shared/LinkGone';
import { isLinkVisitor } from '@/pages/shared/linkVisit';

/**
 * /404 and every unknown path (spec §2): the text exactly as the spec writes it, and a 'Torna alla
 * Home' link. A shared link's visitor, sent here by spec §8 when the link is refused, is a client
 * with no home in the back office: they get the page that speaks to them.
 */
export default function NotFoundPage() {
  const translate = useMessages();
  if (isLinkVisitor()) return <LinkGone />;
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        p: 2,
      }}
    >
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center' }}>
        {translate('app.error_pages.not_found')}
      </Typography>
      {/* The spec's text exactly: MUI's theme upper-cases button labels. */}
      <Button variant="outlined" component={Link} to="/" sx={{ textTransform: 'none' }}>
        {translate('app.error_pages.home')}
      </Button>
    </Box>
  );
}
