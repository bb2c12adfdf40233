import { useId, useRef, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import DoneIcon from '@mui/icons-material/Done';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider, Notification } from '@/dataProviders';
import { canOpen } from '@/auth/permissions';
import { getRole } from '@/auth/session';
import { formatDate } from '@/ui/format';

/** How often the unread count is asked again. */
export const NOTICES_POLL_MS = 60_000;
const SHOWN = 8;

/**
 * The bell of the app bar: the caller's unread notices (asked every minute, and again after a hold),
 * a popover listing them (Tab moves through them), each opening its link or marked read; «Da fare»
 * lists them all.
 */
export function NotificationsBell() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Where the focus goes when a notice marked read leaves the list (Escape still closes).
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const allowed = canOpen(getRole(), '/inbox');

  const unread = useQuery({
    queryKey: ['notifications', 'unreadCount'],
    queryFn: () => dataProvider.unreadNotifications('notifications'),
    refetchInterval: NOTICES_POLL_MS,
    enabled: allowed,
  });
  const list = useQuery({
    queryKey: ['notifications', 'unreadList'],
    queryFn: () =>
      dataProvider.getList<Notification>('notifications', {
        filter: { unread: true },
        pagination: { page: 1, perPage: SHOWN },
        sort: { field: 'id', order: 'DESC' },
      }),
    enabled: allowed && Boolean(anchor),
  });
  const markRead = useMutation({
    mutationFn: (noticeId: number) => dataProvider.markNotificationRead('notifications', { id: noticeId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });

  if (!allowed) return null;
  const count = unread.data ?? 0;
  const label = translate('resources.notifications.bell', { count });
  // The link navigates; opening a notice reads it.
  const open = (notice: Notification) => {
    setAnchor(null);
    markRead.mutate(notice.id);
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-controls={anchor ? `${id}-menu` : undefined}
          aria-expanded={anchor ? 'true' : 'false'}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-unread={count}
        >
          <Badge badgeContent={count} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={`${id}-menu`}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': translate('resources.notifications.menu'),
            sx: { width: 440, maxWidth: '90vw' },
          },
        }}
      >
        <Box ref={listRef} tabIndex={-1} sx={{ outline: 'none' }}>
          {/* While the list loads (or when it cannot), one line holds its place: the footer's link
              does not move under the pointer when the notices arrive. */}
          <List dense disablePadding aria-busy={list.isPending}>
            {list.isPending && (
              <ListItem>
                <ListItemText primary={translate('resources.notifications.loading_unread')} />
              </ListItem>
            )}
            {list.isError && (
              <ListItem>
                <ListItemText primary={translate('resources.notifications.unread_failed')} slotProps={{ primary: { color: 'error' } }} />
              </ListItem>
            )}
            {list.data?.data.length === 0 && (
              <ListItem>
                <ListItemText primary={translate('resources.notifications.none_unread')} />
              </ListItem>
            )}
            {list.data?.data.map((notice) => (
              <ListItem
                key={notice.id}
                disablePadding
                data-notice-id={notice.id}
                secondaryAction={
                  <Tooltip title={translate('resources.notifications.mark_read')}>
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={`${translate('resources.notifications.mark_read')}: ${notice.message}`}
                      onClick={() => {
                        listRef.current?.focus();
                        markRead.mutate(notice.id);
                      }}
                    >
                      <DoneIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemButton component={Link} to={notice.link} onClick={() => open(notice)} sx={{ pr: 6 }}>
                  <ListItemText
                    primary={notice.message}
                    secondary={`${translate(`resources.notifications.kinds.${notice.kind}`)} · ${formatDate(notice.createdAt)}`}
                    slotProps={{ primary: { variant: 'body2' } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
        <Divider />
        <Box sx={{ px: 2, py: 0.5, display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="caption">{label}</Typography>
          <Button size="small" component={Link} to="/inbox" onClick={() => setAnchor(null)}>
            {translate('resources.notifications.all')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
