import { Button, Chip } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BooleanInput, DataTable, Link, SearchInput, SelectInput, TopToolbar, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider, Notification } from '@/dataProviders';
import { listNotificationsResponseItem } from '@/api/generated/planner.zod';
import { codeChoices, formatDate } from '@/ui/format';
import { EmptyRows, ListPage } from '@/ui/ListPage';

const M = 'resources.notifications';
const kindChoices = codeChoices(`${M}.kinds`, listNotificationsResponseItem.shape.kind.options);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" label={`${M}.fields.kind`} choices={kindChoices} alwaysOn />,
  <BooleanInput key="unread" source="unread" label={`${M}.unread_only`} alwaysOn />,
];

/** «27/11/2026 09:40». */
const when = (iso: string) => `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit' })}`;

/** After a notice is read: the list and the bell ask again. */
function useAfterRead() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    refresh();
  };
}

/** «Segna come letto» on an unread notice; the date it was read once it is. */
function ReadCell({ notice }: { notice: Notification }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const afterRead = useAfterRead();
  const markRead = useMutation({
    mutationFn: () => dataProvider.markNotificationRead('notifications', { id: notice.id }),
    onSettled: afterRead,
  });
  if (notice.readAt) return <>{when(notice.readAt)}</>;
  return (
    <Button
      size="small"
      sx={{ whiteSpace: 'nowrap' }}
      startIcon={<DoneIcon />}
      disabled={markRead.isPending}
      onClick={(e) => {
        e.stopPropagation();
        markRead.mutate();
      }}
      aria-label={`${translate(`${M}.mark_read`)}: ${notice.message}`}
    >
      {translate(`${M}.mark_read`)}
    </Button>
  );
}

/** «Segna tutti come letti»: every unread notice of the caller, whatever the filter shows; off when none is unread. */
function MarkAllRead() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const afterRead = useAfterRead();
  const unread = useQuery({ queryKey: ['notifications', 'unreadCount'], queryFn: () => dataProvider.unreadNotifications('notifications') });
  const markAll = useMutation({
    mutationFn: () => dataProvider.markAllNotificationsRead('notifications'),
    onSuccess: ({ read }) => notify(`${M}.all_read`, { type: 'success', messageArgs: { smart_count: read } }),
    onSettled: afterRead,
  });
  return (
    <Button size="small" startIcon={<DoneAllIcon />} disabled={!unread.data || markAll.isPending} onClick={() => markAll.mutate()}>
      {translate(`${M}.mark_all_read`)}
    </Button>
  );
}

/** The message, opening its screen; an unread one is marked read on the way. */
function MessageLink({ notice }: { notice: Notification }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const markRead = useMutation({
    mutationFn: () => dataProvider.markNotificationRead('notifications', { id: notice.id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
  return (
    <Link to={notice.link} onClick={() => notice.readAt || markRead.mutate()} style={{ fontWeight: notice.readAt ? 400 : 700 }}>
      {notice.message}
    </Link>
  );
}

const asNotice = (r: object) => r as Notification;

/** /inbox «Da fare»: the caller's notices, newest first; searched, filtered by kind or unread, each opening its screen. */
export default function InboxPage() {
  const translate = useTranslate();
  return (
    <ListPage
      heading={translate(`${M}.inbox`)}
      resource="notifications"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      rowsPerPage={[25, 50, 100]}
      actions={
        <TopToolbar>
          <MarkAllRead />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyRows message={`${M}.empty`} />}>
        <DataTable.Col source="createdAt" label={`${M}.fields.createdAt`} render={(r) => when(asNotice(r).createdAt)} />
        <DataTable.Col
          source="kind"
          label={`${M}.fields.kind`}
          render={(r) => (
            <Chip size="small" color={asNotice(r).readAt ? 'default' : 'primary'} label={translate(`${M}.kinds.${asNotice(r).kind}`)} />
          )}
        />
        <DataTable.Col
          source="message"
          label={`${M}.fields.message`}
          render={(r) => <MessageLink notice={asNotice(r)} />}
        />
        <DataTable.Col source="readAt" label={`${M}.fields.readAt`} render={(r) => <ReadCell notice={asNotice(r)} />} />
      </DataTable>
    </ListPage>
  );
}
