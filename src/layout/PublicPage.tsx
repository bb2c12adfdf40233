import type { FormEvent, ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useMessages } from '@/i18n/lookup';

/** A page of its own, its content centred on the screen. */
const CENTRED = {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  p: 2,
} as const;

/** An error page (403, 404): the message as the page's heading, then what the person can do. */
export function ErrorPage({ message, children }: { message: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ ...CENTRED, gap: 3 }}>
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center' }}>
        {message}
      </Typography>
      {children}
    </Box>
  );
}

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
      sx={{ ...CENTRED, bgcolor: 'background.default' }}
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

/**
 * The form of a public page: an optional introduction, the fields, the failure (an alert read at
 * once), the submit button (disabled while sending). The browser's own checks are off: the page
 * checks the fields and puts its Italian message under each.
 */
export function PublicForm(props: {
  onSubmit: (event: FormEvent) => void;
  intro?: string;
  error?: string;
  submit: string;
  submitting: boolean;
  children: ReactNode;
}) {
  const { onSubmit, intro, error, submit, submitting, children } = props;
  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {intro ? <Box sx={{ typography: 'body2' }}>{intro}</Box> : null}
      {children}
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" disabled={submitting}>
        {submit}
      </Button>
    </Box>
  );
}

/** A link of a public page to another (back to the sign-in, the forgotten password). */
export function PublicLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <MuiLink component={Link} to={to}>
      {children}
    </MuiLink>
  );
}
