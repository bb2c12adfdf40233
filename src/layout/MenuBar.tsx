import { useEffect, useId, useState, type MouseEvent } from 'react';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { menuFor, type MenuEntry, type MenuGroup } from '@/auth/permissions';
import { getRole } from '@/auth/session';
import { preloadScreen, preloadScreensWhenIdle } from '@/routes';
import { getRuntimeConfig } from '@/config/environment';

function isCurrent(entry: MenuEntry, pathname: string, search: string): boolean {
  return entry.to === pathname + search || (entry.to === pathname && !search);
}

/** One menu group: a button opening a keyboard-usable menu (arrow keys, Enter, Escape) of links. */
function GroupMenu({ group }: { group: MenuGroup }) {
  const translate = useTranslate();
  const { pathname, search } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const open = Boolean(anchor);
  const preloadEntries = () => {
    for (const entry of group.entries) preloadScreen(entry.to);
  };
  const active = group.entries.some((e) => isCurrent(e, pathname, search));
  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="true"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : 'false'}
        title={translate('app.menu.group_button', { group: group.label })}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setAnchor(event.currentTarget);
          preloadEntries();
        }}
        // The entries' screens start loading as the pointer or the focus reaches the group, while
        // the user opens it and picks one.
        onPointerEnter={preloadEntries}
        onFocus={preloadEntries}
        data-group={group.path}
        sx={{
          fontWeight: active ? 700 : 500,
          borderBottom: active ? '2px solid currentColor' : '2px solid transparent',
          borderRadius: 0,
        }}
      >
        {group.label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {group.entries.map((entry) => (
          <MenuItem
            key={entry.to}
            component={Link}
            to={entry.to}
            selected={isCurrent(entry, pathname, search)}
            aria-current={isCurrent(entry, pathname, search) ? 'page' : undefined}
            onClick={() => setAnchor(null)}
          >
            {entry.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The app bar's navigation: the groups and all-roles pages that menuFor(role) gives the signed-in role. */
export function MenuBar() {
  const translate = useTranslate();
  const { pathname, search } = useLocation();
  const role = getRole();
  const { groups, links } = menuFor(role);
  // Every screen of the menu is loaded while the browser is idle, so that a move waits only for its
  // rows (a stack may turn this off in its configuration: `preloadScreens: false`).
  useEffect(() => {
    if (getRuntimeConfig().preloadScreens === false) return undefined;
    const menu = menuFor(role);
    return preloadScreensWhenIdle([
      ...menu.groups.flatMap((group) => group.entries.map((entry) => entry.to)),
      ...menu.links.map((link) => link.to),
    ]);
  }, [role]);
  return (
    <Box
      component="nav"
      aria-label={translate('app.menu.label')}
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}
    >
      {groups.map((group) => (
        <GroupMenu key={group.key} group={group} />
      ))}
      {links.map((link) => (
        <Button
          key={link.to}
          color="inherit"
          component={Link}
          to={link.to}
          onPointerEnter={() => preloadScreen(link.to)}
          onFocus={() => preloadScreen(link.to)}
          aria-current={isCurrent(link, pathname, search) ? 'page' : undefined}
          sx={{ borderRadius: 0 }}
        >
          {link.label}
        </Button>
      ))}
    </Box>
  );
}
