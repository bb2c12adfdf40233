import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useMessages } from '@/i18n/lookup';

/** The frame of the public pages (no app bar): the product name and a centred card. */
export function PublicPage({
  title,
  children,
  width = 420,
  overline,
}: {
  title: string;
  children: ReactNode;
  width?: number;
  /** The line above the card: the product's name, unless the page is someone else's (a client's). */
  overline?: string;
}) {
  const translate = useMessages();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 2, mb: 1 }}>
        {overline ?? translate('app.title')}
      </Typography>
      <Card sx={{ width: '100%', maxWidth: width }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
