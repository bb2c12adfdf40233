import { useState } from 'react';
import {
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Confirm,
  Loading,
  Title,
  useDelete,
  useGetManyReference,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  downloadOrderDocument,
  uploadOrderDocument,
  type Order,
  type OrderDocument,
} from '@/dataProviders/orders';
import { bytes, errorMessage, StateMessage, UploadBox } from './common';

export const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.docx,.xlsx,application/pdf,image/png,image/jpeg';

/** A table of stored files with download and (optional) delete. */
export function FileTable({
  rows,
  onDownload,
  onDelete,
}: {
  rows: Array<{ id: number; fileName: string; size: number; uploadedAt: string; uploadedBy: string }>;
  onDownload: (row: { id: number; fileName: string }) => Promise<unknown>;
  onDelete?: (row: { id: number; fileName: string }) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Table size="small" aria-label={translate('resources.orders.documents.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('resources.orderDocuments.fields.fileName')}</TableCell>
          <TableCell>{translate('resources.orderDocuments.fields.size')}</TableCell>
          <TableCell>{translate('resources.orderDocuments.fields.uploadedAt')}</TableCell>
          <TableCell>{translate('resources.orderDocuments.fields.uploadedBy')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{row.fileName}</TableCell>
            <TableCell>{bytes(row.size)}</TableCell>
            <TableCell>{new Date(row.uploadedAt).toLocaleString('it-IT')}</TableCell>
            <TableCell>{row.uploadedBy}</TableCell>
            <TableCell align="right">
              <IconButton
                aria-label={translate('resources.orders.documents.download', { name: row.fileName })}
                onClick={() =>
                  onDownload(row).catch((e: unknown) =>
                    notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(e, translate('resources.orders.errors.download')) } }),
                  )
                }
              >
                <DownloadIcon />
              </IconButton>
              {onDelete && (
                <IconButton
                  aria-label={translate('resources.orders.documents.delete', { name: row.fileName })}
                  onClick={() => onDelete(row)}
                >
                  <DeleteIcon />
                </IconButton>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** /orders/:id/documents: upload documents to an order (with progress), list, download, delete. */
export default function OrderDocumentsPage() {
  const { id } = useParams();
  const orderId = Number(id);
  const translate = useTranslate();
  const notify = useNotify();
  const { data: order, error: orderError } = useGetOne<Order>(
    'orders',
    { id: orderId },
    { enabled: Number.isInteger(orderId) },
  );
  const { data, isPending, error, refetch } = useGetManyReference<OrderDocument>('orderDocuments', {
    target: 'orderId',
    id: orderId,
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'uploadedAt', order: 'DESC' },
  });
  const [deleteOne] = useDelete();
  const [toDelete, setToDelete] = useState<{ id: number; fileName: string } | null>(null);
  const remove = () => {
    if (!toDelete) return;
    void deleteOne(
      'orderDocuments',
      { id: toDelete.id, previousData: toDelete },
      {
        onSuccess: () => {
          notify('resources.orders.documents.deleted', {
            type: 'info',
            messageArgs: { name: toDelete.fileName },
          });
          void refetch();
        },
        onError: (e) => notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(e, translate('resources.orders.errors.save')) } }),
      },
    );
    setToDelete(null);
  };
  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Title title={translate('resources.orders.documents.pageTitle', { code: order?.code ?? orderId })} />
      <Typography variant="h5" component="h1">
        {translate('resources.orders.documents.pageTitle', { code: order?.code ?? orderId })}
      </Typography>
      <Button component={RouterLink} to={`/orders/orderVisualizer?id=${orderId}`} size="small">
        {translate('resources.orders.visualizer.open')}
      </Button>
      <StateMessage error={orderError} />
      <UploadBox
        label={translate('resources.orders.documents.upload')}
        accept={DOCUMENT_ACCEPT}
        upload={(file, p) => uploadOrderDocument(orderId, file, p)}
        onDone={() => void refetch()}
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
          <FileTable rows={data ?? []} onDownload={downloadOrderDocument} onDelete={setToDelete} />
        </StateMessage>
      )}
      <Confirm
        isOpen={toDelete !== null}
        title={translate('resources.orders.documents.confirmTitle')}
        content={translate('resources.orders.documents.confirmContent', { name: toDelete?.fileName ?? '' })}
        onConfirm={remove}
        onClose={() => setToDelete(null)}
      />
    </Paper>
  );
}
