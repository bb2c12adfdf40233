import { memo, useCallback, useEffect, useId, useMemo, useState, type MouseEvent } from 'react';
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

/** An open (or closing) group's menu of links, the current screen's marked. */
function GroupPopup({
  group,
  id,
  buttonId,
  anchor,
  onClose,
  onExited,
}: {
  group: MenuGroup;
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  onExited: () => void;
}) {
  const { pathname, search } = useLocation();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': buttonId }, transition: { onExited } }}
    >
      {group.entries.map((entry) => (
        <MenuItem
          key={entry.to}
          component={Link}
          to={entry.to}
          selected={isCurrent(entry, pathname, search)}
          aria-current={isCurrent(entry, pathname, search) ? 'page' : undefined}
          onClick={onClose}
        >
          {entry.label}
        </MenuItem>
      ))}
    </Menu>
  );
}

/**
 * One menu group: a button opening a keyboard-usable menu (arrow keys, Enter, Escape) of links.
 * Memoized, and its menu is in the tree only while it is open or closing: a move renders the groups
 * whose mark changes, not all of them with their menus.
 */
const GroupMenu = memo(function GroupMenu({ group, active }: { group: MenuGroup; active: boolean }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu stays in the tree until its closing transition has ended.
  const [shown, setShown] = useState(false);
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const open = Boolean(anchor);
  const preloadEntries = () => {
    for (const entry of group.entries) preloadScreen(entry.to);
  };
  const close = useCallback(() => setAnchor(null), []);
  const hide = useCallback(() => setShown(false), []);
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
          setShown(true);
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
      {shown ? (
        <GroupPopup
          group={group}
          id={menuId}
          buttonId={buttonId}
          anchor={anchor}
          onClose={close}
          onExited={hide}
        />
      ) : null}
    </>
  );
});

/** A page of every role in the app bar; memoized, so that a move renders only the links whose mark changes. */
const PageLink = memo(function PageLink({ link, current }: { link: MenuEntry; current: boolean }) {
  return (
    <Button
      color="inherit"
      component={Link}
      to={link.to}
      onPointerEnter={() => preloadScreen(link.to)}
      onFocus={() => preloadScreen(link.to)}
      aria-current={current ? 'page' : undefined}
      sx={{ borderRadius: 0 }}
    >
      {link.label}
    </Button>
  );
});

/** The app bar's navigation: the groups and all-roles pages that menuFor(role) gives the signed-in role. */
export function MenuBar() {
  const translate = useTranslate();
  const { pathname, search } = useLocation();
  const role = getRole();
  const { groups, links } = useMemo(() => menuFor(role), [role]);
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
        <GroupMenu
          key={group.key}
          group={group}
          active={group.entries.some((entry) => isCurrent(entry, pathname, search))}
        />
      ))}
      {links.map((link) => (
        <PageLink key={link.to} link={link} current={isCurrent(link, pathname, search)} />
      ))}
    </Box>
  );
}
