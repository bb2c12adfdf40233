import { useId, useState } from 'react';
import {
  Avatar,
  Box,
  Button,
  Divider,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  type Theme,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { Link, useNavigate } from 'react-router-dom';
import { useGetIdentity, useLocaleState, useTranslate } from 'react-admin';
import { canOpen } from '@/auth/permissions';
import { getRole } from '@/auth/session';
import { THEMES } from '@/config/constants';
import { LOCALES } from '@/i18n';
import { useThemePreference } from '@/theme/useThemePreference';

/** Read by assistive technology, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The name beside the avatar: shown from the xl breakpoint (1536 px), read by assistive technology below. */
const NAME_SHOWN_WIDE = (theme: Theme) => ({ [theme.breakpoints.down('xl')]: VISUALLY_HIDDEN });

/** The user menu: profile (and the admin pages the role may open), theme, language and logout. */
export function UserMenu() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { identity } = useGetIdentity();
  const [theme, setTheme] = useThemePreference();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const role = getRole();
  const close = () => setAnchor(null);
  const pages = [
    { to: '/profile', label: 'app.user_menu.profile' },
    { to: '/settings/users', label: 'app.user_menu.users' },
    { to: '/settings/outbox', label: 'app.user_menu.outbox' },
    { to: '/test', label: 'app.user_menu.test' },
  ].filter((p) => canOpen(role, p.to));
  const name = identity?.fullName ?? '';
  return (
    <>
      <Button
        id={`${id}-button`}
        color="inherit"
        aria-haspopup="true"
        aria-controls={anchor ? `${id}-menu` : undefined}
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={
          <Avatar src={identity?.avatar} alt="" aria-hidden sx={{ width: 28, height: 28, fontSize: 14 }}>
            {name.charAt(0).toUpperCase()}
          </Avatar>
        }
        sx={{ textTransform: 'none', ml: 1 }}
      >
        {/* The accessible name is the name followed by the hidden "menu utente" (WCAG 2.5.3 label
            in name: no aria-label hiding the text a speech user sees). The name shows on wide
            screens; below, it is read but not shown (the menu's first line shows it), so that the
            app bar holds the admin's five groups on one line at 1280 px. */}
        <Box component="span" sx={NAME_SHOWN_WIDE}>
          {name}
        </Box>
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {name ? ` – ${translate('app.user_menu.label')}` : translate('app.user_menu.label')}
        </Box>
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
      >
        {name && (
          <ListSubheader role="presentation" sx={{ display: { xl: 'none' }, fontWeight: 600, color: 'text.primary' }}>
            {name}
          </ListSubheader>
        )}
        {name && <Divider sx={{ display: { xl: 'none' } }} />}
        {pages.map((page) => (
          <MenuItem key={page.to} component={Link} to={page.to} onClick={close}>
            {translate(page.label)}
          </MenuItem>
        ))}
        <Divider />
        <ListSubheader role="presentation">{translate('app.user_menu.theme')}</ListSubheader>
        {THEMES.map((option) => (
          <MenuItem
            key={option}
            role="menuitemradio"
            aria-checked={theme === option}
            onClick={() => {
              close();
              void setTheme(option);
            }}
          >
            <ListItemIcon>{theme === option ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{translate(`app.theme.${option}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <ListSubheader role="presentation">{translate('app.user_menu.language')}</ListSubheader>
        {LOCALES.map((code) => (
          <MenuItem
            key={code}
            role="menuitemradio"
            aria-checked={locale === code}
            lang={code}
            onClick={() => {
              close();
              setLocale(code);
            }}
          >
            <ListItemIcon>{locale === code ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{translate(`app.language.${code}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            navigate('/logout');
          }}
        >
          {translate('app.user_menu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
