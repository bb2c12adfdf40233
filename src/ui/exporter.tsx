import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import {
  useDataProvider,
  useListContext,
  useTranslate,
  type DataProvider,
  type Identifier,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { downloadCsv, type CsvCell } from './csv';
import { useFailure } from './useFailure';

/*
 * The one exporter for every list: every row of the current filter and sort
 * (paged through the data provider, not the rows on screen), one CSV writer (src/ui/csv.ts).
 */

/**
 * One CSV column: its header (an i18n key or text) and the cell of a row, already Italian (use
 * src/ui/format.ts); or a reference, written by name: `source` gives the row's id of a record of
 * `resource`, `text` that record's name (the export reads every referenced record with getMany).
 */
export type ExportColumn<R extends RaRecord = RaRecord> =
  | { label: string; value: (record: R) => CsvCell }
  | {
      label: string;
      reference: {
        resource: string;
        source: (record: R) => Identifier | null | undefined;
        text: (referenced: RaRecord) => string;
      };
    };

/** Ids per getMany: bounded request bodies for exports and selections of thousands. */
const IDS_PER_READ = 500;

/** Every record of `resource` with one of `ids`, read IDS_PER_READ at a time, by id. */
async function readMany<R extends RaRecord>(
  dataProvider: DataProvider,
  resource: string,
  ids: Identifier[],
): Promise<Map<Identifier, R>> {
  const byId = new Map<Identifier, R>();
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const { data } = await dataProvider.getMany<R>(resource, { ids: ids.slice(i, i + IDS_PER_READ) });
    data.forEach((r) => byId.set(r.id, r));
  }
  return byId;
}

/**
 * The cells of `rows` under `columns`: a reference column's cell is the referenced record's name
 * (its records read once per column), empty when the row has none or the record is gone.
 */
export async function exportCells<R extends RaRecord>(
  dataProvider: DataProvider,
  columns: ExportColumn<R>[],
  rows: R[],
): Promise<CsvCell[][]> {
  const cellsOf = await Promise.all(
    columns.map(async (column): Promise<(record: R) => CsvCell> => {
      if ('value' in column) return column.value;
      const { resource, source, text } = column.reference;
      const ids = [
        ...new Set(
          rows.map(source).filter((id): id is Identifier => id !== null && id !== undefined && id !== ''),
        ),
      ];
      const byId = await readMany(dataProvider, resource, ids);
      return (record) => {
        const id = source(record);
        const referenced =
          id === null || id === undefined
            ? undefined
            : (byId.get(id) ?? byId.get(Number(id)) ?? byId.get(String(id)));
        return referenced ? text(referenced) : '';
      };
    }),
  );
  return rows.map((r) => cellsOf.map((cell) => cell(r)));
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
async function writeExport<R extends RaRecord>(
  dataProvider: DataProvider,
  translate: (key: string, options?: Record<string, unknown>) => string,
  fileName: string,
  columns: ExportColumn<R>[],
  rows: R[],
) {
  const day = new Date().toISOString().slice(0, 10);
  downloadCsv(
    `${fileName}_${day}.csv`,
    columns.map((c) => translate(c.label, { _: c.label })),
    await exportCells(dataProvider, columns, rows),
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
      await writeExport(dataProvider, translate, fileName, columns, rows);
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
      const byId = await readMany<R>(dataProvider, resource, selectedIds);
      const rows = selectedIds.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
      await writeExport(dataProvider, translate, fileName, columns, rows);
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
