import { Box, Button, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '@/i18n/lookup';

/** /403 (spec §2): the text exactly as the spec writes it, and a LOGOUT button. */
export default function ForbiddenPage() {
  const translate = useMessages();
  const navigate = useNavigate();
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
        {translate('app.error_pages.forbidden')}
      </Typography>
      <Button variant="contained" onClick={() => navigate('/logout')}>
        {translate('app.error_pages.logout')}
      </Button>
    </Box>
  );
}
