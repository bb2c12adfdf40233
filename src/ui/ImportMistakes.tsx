import { useEffect, useRef } from 'react';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** One mistake of a row, as an import's 422 names it. */
export interface ImportMistake {
  column: string;
  value: string;
  reason: string;
}

/** A refused row of an import: every mistake of it (`reason` is all of them in one sentence). */
export interface RejectedImportRow {
  row: number;
  reason: string;
  mistakes?: ImportMistake[];
}

/**
 * Every mistake of every refused row, one line each (row, column, value, what is wrong), under the
 * upload. The list takes the focus when it appears and is reachable with the keyboard, so a
 * keyboard or screen-reader user lands on it and scrolls it.
 */
export function ImportMistakes({ rejected, total }: { rejected: RejectedImportRow[]; total?: number }) {
  const translate = useTranslate();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.focus();
  }, [rejected]);
  if (!rejected.length) return null;
  const rows = [...rejected].sort((a, b) => a.row - b.row);
  const lines = rows.flatMap((r) =>
    r.mistakes?.length ? r.mistakes.map((m, i) => ({ row: r.row, first: i === 0, count: r.mistakes!.length, ...m })) : [{ row: r.row, first: true, count: 1, column: '', value: '', reason: r.reason }],
  );
  const all = total ?? rows.length;
  const titleId = 'import-mistakes-title';
  return (
    <Box sx={{ mt: 2 }} data-testid="import-mistakes">
      <Typography variant="subtitle1" component="h2" id={titleId}>
        {translate('app.import_mistakes.title', { smart_count: all })}
      </Typography>
      {all > rows.length ? (
        <Typography variant="body2">{translate('app.import_mistakes.more', { listed: rows.length, total: all })}</Typography>
      ) : null}
      <TableContainer
        ref={list}
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
        sx={{ maxHeight: 420, mt: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
      >
        <Table size="small" stickyHeader aria-label={translate('app.import_mistakes.table')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.import_mistakes.row')}</TableCell>
              <TableCell>{translate('app.import_mistakes.column')}</TableCell>
              <TableCell>{translate('app.import_mistakes.value')}</TableCell>
              <TableCell>{translate('app.import_mistakes.problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((m, i) => (
              <TableRow key={`${m.row}-${i}`} data-rejected-row={m.row} data-column={m.column}>
                {m.first ? (
                  <TableCell component="th" scope="row" rowSpan={m.count} sx={{ verticalAlign: 'top' }}>
                    {m.row}
                  </TableCell>
                ) : null}
                <TableCell>{m.column || translate('app.import_mistakes.whole_row')}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {m.value || (m.column ? translate('app.import_mistakes.empty_value') : '')}
                </TableCell>
                <TableCell>{m.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
