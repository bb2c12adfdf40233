import { useId, useState } from 'react';
import { Badge, Box, Button, Divider, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import DoneIcon from '@mui/icons-material/Done';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
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
 * a menu listing them, each opening its link or marked read; «Da fare» lists them all.
 */
export function NotificationsBell() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
  const open = (notice: Notification) => {
    setAnchor(null);
    markRead.mutate(notice.id);
    navigate(notice.link);
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="true"
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
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': translate('resources.notifications.menu'), dense: true }, paper: { sx: { width: 420, maxWidth: '90vw' } } }}
      >
        {list.data?.data.length === 0 && (
          <MenuItem disabled>{translate('resources.notifications.none_unread')}</MenuItem>
        )}
        {list.data?.data.map((notice) => (
          <MenuItem
            key={notice.id}
            onClick={() => open(notice)}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start', gap: 1 }}
            data-notice-id={notice.id}
          >
            <ListItemText
              primary={notice.message}
              secondary={`${translate(`resources.notifications.kinds.${notice.kind}`)} · ${formatDate(notice.createdAt)}`}
              slotProps={{ primary: { variant: 'body2' } }}
            />
            <Tooltip title={translate('resources.notifications.mark_read')}>
              <IconButton
                size="small"
                aria-label={`${translate('resources.notifications.mark_read')}: ${notice.message}`}
                onClick={(e) => {
                  e.stopPropagation();
                  markRead.mutate(notice.id);
                }}
              >
                <DoneIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </MenuItem>
        ))}
        <Divider />
        <Box sx={{ px: 2, py: 0.5, display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="caption">{label}</Typography>
          <Button size="small" component={Link} to="/inbox" onClick={() => setAnchor(null)}>
            {translate('resources.notifications.all')}
          </Button>
        </Box>
      </Menu>
    </>
  );
}
