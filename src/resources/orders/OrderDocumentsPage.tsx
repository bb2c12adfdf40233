import { Button, Paper, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Loading,
  useDataProvider,
  useDelete,
  useGetManyReference,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { AppDataProvider } from '@/dataProviders';
import { PageHeading } from '@/ui/FormPage';
import { FileTable } from '@/ui/FileTable';
import { StateMessage } from '@/ui/StateMessage';
import { UploadBox } from '@/ui/UploadBox';
import { useFailure } from '@/ui/useFailure';
import type { Order, OrderDocument } from './shared';

const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.docx,.xlsx,application/pdf,image/png,image/jpeg';

/** An order document's download, through the data provider; a failure shows through useFailure. */
export function useOrderDocumentDownload() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useMutation({
    mutationFn: (document: Pick<OrderDocument, 'id' | 'fileName'>) =>
      dataProvider.downloadOrderDocument('orderDocuments', { document }),
  });
}

/** /orders/:id/documents: upload documents to an order (with progress), list, download, delete. */
export default function OrderDocumentsPage() {
  const { id } = useParams();
  const orderId = Number(id);
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const download = useOrderDocumentDownload();
  const documentsChanged = () => void queryClient.invalidateQueries({ queryKey: ['orderDocuments'] });
  const { data: order, error: orderError } = useGetOne<Order>(
    'orders',
    { id: orderId },
    { enabled: Number.isInteger(orderId) },
  );
  const { data, isPending, error } = useGetManyReference<OrderDocument>('orderDocuments', {
    target: 'orderId',
    id: orderId,
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'uploadedAt', order: 'DESC' },
  });
  const [deleteOne] = useDelete();
  const remove = (toDelete: Pick<OrderDocument, 'id' | 'fileName'>) => {
    void deleteOne(
      'orderDocuments',
      { id: toDelete.id, previousData: toDelete },
      {
        onSuccess: () => {
          notify('resources.orders.documents.deleted', {
            type: 'info',
            messageArgs: { name: toDelete.fileName },
          });
        },
        onError: failure,
      },
    );
  };
  return (
    <>
      <PageHeading title={translate('resources.orders.documents.pageTitle', { code: order?.code ?? '' })} />
      <Paper sx={{ p: 2 }}>
        <Button component={RouterLink} to={`/orders/orderVisualizer?id=${orderId}`} size="small">
          {translate('resources.orders.visualizer.open')}
        </Button>
        <StateMessage error={orderError} />
        <UploadBox
          label={translate('resources.orders.documents.upload')}
          accept={DOCUMENT_ACCEPT}
          upload={(file, onProgress) =>
            dataProvider.uploadOrderDocument('orderDocuments', { orderId, file, onProgress })
          }
          onDone={documentsChanged}
          disabled={!order}
        />
        <Typography variant="caption">{translate('resources.orders.documents.accepted')}</Typography>
        {isPending ? (
          <Loading />
        ) : (
          <StateMessage
            error={error}
            empty={data?.length ? undefined : translate('resources.orders.documents.empty')}
          >
            <FileTable label={translate('resources.orders.documents.title')} rows={data ?? []} onDownload={(d) => download.mutateAsync(d)} onDelete={remove} />
          </StateMessage>
        )}
      </Paper>
    </>
  );
}
