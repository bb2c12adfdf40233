import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, type SxProps, type Theme } from '@mui/material';
import { formatNumber } from './format';

export interface SimpleTableProps {
  head: string[];
  rows: ReactNode[][];
  /** The table's accessible name. */
  label?: string;
  /** Numbers right-aligned with two decimals (the charts' tables). */
  numbers?: boolean;
  stickyHeader?: boolean;
  /** The scrolling box around the table (by default it scrolls sideways when too wide). */
  sx?: SxProps<Theme>;
}

/** A small read-only table: a head row, then the rows as given. */
export function SimpleTable({ head, rows, label, numbers, stickyHeader, sx = { overflowX: 'auto' } }: SimpleTableProps) {
  return (
    <Box sx={sx}>
      <Table size="small" stickyHeader={stickyHeader} aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              {r.map((v, j) =>
                numbers && typeof v === 'number' ? (
                  <TableCell key={j} align="right">
                    {formatNumber(v, 2)}
                  </TableCell>
                ) : (
                  <TableCell key={j}>{v}</TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
