import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import {
  useDataProvider,
  useListContext,
  useTranslate,
  type DataProvider,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { downloadCsv, type CsvCell } from './csv';
import { useFailure } from './useFailure';

/*
 * The one exporter for every list (issue 13, point 6): every row of the current filter and sort
 * (paged through the data provider, not the rows on screen), one CSV writer (src/ui/csv.ts).
 */

/** One CSV column: its header (an i18n key or text) and the cell of a row, already Italian (use src/ui/format.ts). */
export interface ExportColumn<R extends RaRecord = RaRecord> {
  label: string;
  value: (record: R) => CsvCell;
}

/** Rows fetched per request: big enough for few requests, small enough for any service's range. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Every row of `resource` matching `filter`, in `sort` order, page by page; `onProgress(done, total)`
 * after each page. Stops at the total the provider reports (or at a short page).
 */
export async function fetchAllRows<R extends RaRecord>(
  dataProvider: DataProvider,
  resource: string,
  query: { filter: Record<string, unknown>; sort: SortPayload },
  onProgress?: (done: number, total: number) => void,
): Promise<R[]> {
  const rows: R[] = [];
  for (let page = 1; ; page += 1) {
    const { data, total } = await dataProvider.getList<R>(resource, {
      filter: query.filter,
      sort: query.sort,
      pagination: { page, perPage: EXPORT_PAGE_SIZE },
    });
    rows.push(...data);
    const known = total ?? rows.length;
    onProgress?.(rows.length, known);
    if (data.length < EXPORT_PAGE_SIZE || rows.length >= known) return rows;
  }
}

/** The CSV of `rows` under `columns`, named `<fileName>_<yyyy-mm-dd>.csv`. */
function writeExport<R extends RaRecord>(
  translate: (key: string, options?: Record<string, unknown>) => string,
  fileName: string,
  columns: ExportColumn<R>[],
  rows: R[],
) {
  const day = new Date().toISOString().slice(0, 10);
  downloadCsv(
    `${fileName}_${day}.csv`,
    columns.map((c) => translate(c.label, { _: c.label })),
    rows.map((r) => columns.map((c) => c.value(r))),
  );
}

export interface ExportAllButtonProps<R extends RaRecord> {
  columns: ExportColumn<R>[];
  /** File name without extension; the date of the export is appended. */
  fileName: string;
}

/**
 * The list toolbar's "Esporta": reads the list's filter and sort, fetches every row, writes the CSV.
 * Shows "n / total" while it works; a failure shows through useFailure.
 */
export function ExportAllButton<R extends RaRecord>({ columns, fileName }: ExportAllButtonProps<R>) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { resource, filter, filterValues, sort, total } = useListContext<R>();
  const failure = useFailure();
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const run = async () => {
    setProgress({ done: 0, total: total ?? 0 });
    try {
      const rows = await fetchAllRows<R>(
        dataProvider,
        resource,
        // The list's permanent filter (`<List filter>`) holds too, as in react-admin's own ExportButton.
        { filter: { ...filterValues, ...filter }, sort },
        (done, all) => setProgress({ done, total: all }),
      );
      writeExport(translate, fileName, columns, rows);
    } catch (error) {
      failure(error);
    } finally {
      setProgress(undefined);
    }
  };
  return (
    <Button
      size="small"
      onClick={() => void run()}
      disabled={progress !== undefined || total === 0}
      startIcon={progress ? <CircularProgress size={16} /> : <DownloadIcon />}
    >
      {progress
        ? translate('app.export.progress', { done: progress.done, total: progress.total })
        : translate('ra.action.export')}
    </Button>
  );
}

/** Ids per getMany of the selection export: bounded request bodies for a selection of thousands. */
const SELECTED_PER_READ = 500;

/**
 * A bulk action of a list: the selected rows (read again through getMany, so a selection across
 * pages is whole), in the order they were selected, with the columns of the list's export.
 */
export function ExportSelectedButton<R extends RaRecord>({
  columns,
  fileName,
  label = 'ra.action.export',
}: ExportAllButtonProps<R> & { label?: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { resource, selectedIds } = useListContext<R>();
  const failure = useFailure();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const byId = new Map<unknown, R>();
      for (let i = 0; i < selectedIds.length; i += SELECTED_PER_READ) {
        const { data } = await dataProvider.getMany<R>(resource, { ids: selectedIds.slice(i, i + SELECTED_PER_READ) });
        data.forEach((r) => byId.set(r.id, r));
      }
      const rows = selectedIds.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
      writeExport(translate, fileName, columns, rows);
    } catch (error) {
      failure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      onClick={() => void run()}
      disabled={busy || selectedIds.length === 0}
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
    >
      {translate(label)}
    </Button>
  );
}
