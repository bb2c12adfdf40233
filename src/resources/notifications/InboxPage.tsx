import { Button, Chip } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DataTable, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider, Notification } from '@/dataProviders';
import { formatDate } from '@/ui/format';
import { EmptyRows, ListPage } from '@/ui/ListPage';

/** «Segna come letto» on an unread notice; the date it was read once it is. */
function ReadCell({ notice }: { notice: Notification }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const markRead = useMutation({
    mutationFn: () => dataProvider.markNotificationRead('notifications', { id: notice.id }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      refresh();
    },
  });
  if (notice.readAt) return <>{formatDate(notice.readAt)}</>;
  return (
    <Button
      size="small"
      startIcon={<DoneIcon />}
      disabled={markRead.isPending}
      onClick={(e) => {
        e.stopPropagation();
        markRead.mutate();
      }}
      aria-label={`${translate('resources.notifications.mark_read')}: ${notice.message}`}
    >
      {translate('resources.notifications.mark_read')}
    </Button>
  );
}

const asNotice = (r: object) => r as Notification;

/** /inbox «Da fare»: every notice of the caller, newest first, each opening its link. */
export default function InboxPage() {
  const translate = useTranslate();
  return (
    <ListPage
      heading={translate('resources.notifications.inbox')}
      resource="notifications"
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      rowsPerPage={[25, 50, 100]}
      disableSyncWithLocation
      actions={false}
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyRows message="resources.notifications.empty" />}>
        <DataTable.Col
          source="createdAt"
          disableSort
          label="resources.notifications.fields.createdAt"
          render={(r) => formatDate(asNotice(r).createdAt)}
        />
        <DataTable.Col
          source="kind"
          disableSort
          label="resources.notifications.fields.kind"
          render={(r) => (
            <Chip
              size="small"
              color={asNotice(r).readAt ? 'default' : 'primary'}
              label={translate(`resources.notifications.kinds.${asNotice(r).kind}`)}
            />
          )}
        />
        <DataTable.Col
          source="message"
          disableSort
          label="resources.notifications.fields.message"
          render={(r) => (
            <Link to={asNotice(r).link} style={{ fontWeight: asNotice(r).readAt ? 400 : 700 }}>
              {asNotice(r).message}
            </Link>
          )}
        />
        <DataTable.Col
          source="readAt"
          disableSort
          label="resources.notifications.fields.readAt"
          render={(r) => <ReadCell notice={asNotice(r)} />}
        />
      </DataTable>
    </ListPage>
  );
}
