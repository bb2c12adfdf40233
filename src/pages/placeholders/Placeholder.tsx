import { Alert, Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import type { app } from '@/i18n/it/app';

/** The screens still to come, each owned by its domain issue (messages in app.placeholders.screens). */
export type PlaceholderScreen = keyof typeof app.placeholders.screens;

/** "In arrivo: <screen>" with what the screen will do; a domain replaces its line in src/routes.tsx. */
export function Placeholder({ screen }: { screen: PlaceholderScreen }) {
  const translate = useTranslate();
  const title = translate(`app.placeholders.screens.${screen}.title`);
  return (
    <Box component="section" sx={{ py: 4, maxWidth: 720 }} data-placeholder={screen}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.placeholders.coming', { screen: title })}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate(`app.placeholders.screens.${screen}.description`)}</Typography>
      <Alert severity="info">{translate('app.placeholders.note')}</Alert>
    </Box>
  );
}

/** A placeholder as a page component (the default export lazyPage expects). */
export function placeholderPage(screen: PlaceholderScreen) {
  const Page = () => <Placeholder screen={screen} />;
  Page.displayName = `Placeholder(${screen})`;
  return Page;
}
