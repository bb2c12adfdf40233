import { memo } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { AppBar as RaAppBar, LoadingIndicator, useTranslate } from 'react-admin';
import { STAGE_MARKER } from '@/config/constants';
import { currentEnvironment, getRuntimeConfig } from '@/config/environment';
import { MenuBar } from './MenuBar';
import { NotificationsBell } from './NotificationsBell';
import { UserMenu } from './UserMenu';

/** The 'stage' marker when the configured environment is stage. */
export function StageMarker() {
  const translate = useTranslate();
  if (currentEnvironment(getRuntimeConfig()) !== STAGE_MARKER) return null;
  return (
    <Chip
      label={STAGE_MARKER}
      title={translate('app.environment.stage_label')}
      color="warning"
      size="small"
      sx={{ mx: 1, fontWeight: 700 }}
    />
  );
}

/**
 * The top app bar: title, the five menu groups the role may see, stage marker, the notices' bell,
 * user menu. Memoized: react-admin's layout renders it again on every move, where only the menu's
 * marks change (the menu follows the address itself).
 */
export const AppBar = memo(function AppBar() {
  const translate = useTranslate();
  return (
    <RaAppBar
      // Always shown, as the layout's appBarAlwaysOn says: react-admin's default hides it on scroll,
      // and its scroll trigger read the page's layout as the back office first rendered.
      alwaysOn
      color="primary"
      userMenu={<UserMenu />}
      toolbar={
        <>
          <StageMarker />
          <NotificationsBell />
          <LoadingIndicator />
        </>
      }
      sx={{ '& .RaAppBar-menuButton': { display: 'none' }, '& .RaAppBar-toolbar': { px: 1 } }}
    >
      <Typography
        component={Link}
        to="/"
        variant="h6"
        color="inherit"
        sx={{ textDecoration: 'none', mr: 2, whiteSpace: 'nowrap' }}
      >
        {translate('app.title')}
      </Typography>
      <MenuBar />
      <Box sx={{ flex: 1, minWidth: 16 }} />
    </RaAppBar>
  );
});
