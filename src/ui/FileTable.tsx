import { useState } from 'react';
import { IconButton, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { Confirm, useTranslate } from 'react-admin';
import { formatDate } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';

export interface StoredFile {
  id: number;
  fileName: string;
  size: number;
  uploadedAt: string;
  uploadedBy: string;
}

const bytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

type FileRef = Pick<StoredFile, 'id' | 'fileName'>;

/**
 * A table of stored files (`label` names it) with download and, when `onDelete` is given, delete:
 * `onDelete` is called once the user has confirmed the dialog that names the file.
 */
export function FileTable({
  label,
  rows,
  onDownload,
  onDelete,
}: {
  label: string;
  rows: StoredFile[];
  onDownload: (row: FileRef) => Promise<unknown>;
  onDelete?: (row: FileRef) => void;
}) {
  const translate = useTranslate();
  const failure = useFailure();
  const [toDelete, setToDelete] = useState<FileRef | null>(null);
  return (
    <>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.files.fileName')}</TableCell>
            <TableCell>{translate('app.files.size')}</TableCell>
            <TableCell>{translate('app.files.uploadedAt')}</TableCell>
            <TableCell>{translate('app.files.uploadedBy')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.fileName}</TableCell>
              <TableCell>{bytes(row.size)}</TableCell>
              <TableCell>{formatDate(row.uploadedAt)}</TableCell>
              <TableCell>{row.uploadedBy}</TableCell>
              <TableCell align="right">
                <IconButton
                  aria-label={translate('app.files.download', { name: row.fileName })}
                  onClick={() => onDownload(row).catch(failure)}
                >
                  <DownloadIcon />
                </IconButton>
                {onDelete && (
                  <IconButton
                    aria-label={translate('app.files.delete', { name: row.fileName })}
                    onClick={() => setToDelete(row)}
                  >
                    <DeleteIcon />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Confirm
        isOpen={toDelete !== null}
        title={translate('app.files.confirmTitle')}
        content={translate('app.files.confirmContent', { name: toDelete?.fileName ?? '' })}
        onConfirm={() => {
          if (toDelete) onDelete?.(toDelete);
          setToDelete(null);
        }}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
