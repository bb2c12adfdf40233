import type { ReactNode } from 'react';
import { Alert, Box, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { failureMessage } from '@/api/failures';
import { useT } from './shared';

/**
 * What a system detail section lists of the system (its circuits, its players): the loading, error
 * and empty states, a small table, a per-row action (when the person may change them) and what
 * comes under it (the add button, its dialog, the confirmation).
 */
export function MemberTable<T extends { id: number }>({
  label,
  rows,
  error,
  emptyText,
  head,
  cells,
  action,
  children,
}: {
  /** The table's accessible name. */
  label: string;
  rows?: T[];
  error?: unknown;
  emptyText: string;
  head: string[];
  cells: (row: T) => ReactNode[];
  /** A row's action (undefined: the column is not shown). */
  action?: (row: T) => ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {error ? (
        <Alert severity="error">{t('detail.section_error', { message: failureMessage(error) })}</Alert>
      ) : !rows ? (
        <CircularProgress size={20} aria-label={t('list.loading')} />
      ) : !rows.length ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', width: '100%' }}>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                {head.map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
                {action ? <TableCell align="right">{t('detail.actions')}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  {cells(row).map((c, i) => (
                    <TableCell key={head[i] ?? i}>{c}</TableCell>
                  ))}
                  {action ? (
                    <TableCell align="right" sx={{ py: 0 }}>
                      {action(row)}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {children}
    </Stack>
  );
}
