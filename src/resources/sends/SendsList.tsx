import type { ReactElement, ReactNode } from 'react';
import { FilterButton, List, TopToolbar, useTranslate, type RaRecord, type SortPayload } from 'react-admin';
import { AppPagination } from '@/layout/Pagination';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { PageHeading } from '@/ui/FormPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

/**
 * A page of the sends (the outbox, the scheduled events): its title as page title and heading, then
 * the list of `resource` in pages of 25, not kept in the address; «Esporta» writes every row of the
 * filter (`exportColumns`, to `fileName`.csv); an empty list shows its empty table, not
 * react-admin's empty page.
 */
export function SendsList<R extends RaRecord = RaRecord>({
  resource,
  title,
  filters,
  sort,
  actions,
  exportColumns,
  fileName,
  children,
}: {
  resource: string;
  /** The message key of the title. */
  title: string;
  filters: ReactElement[];
  sort: SortPayload;
  /** `false`: the column chooser and saved views alone; else with the filter button. */
  actions?: false;
  /** The CSV's columns (the exporter reads every row of the filter and sort). */
  exportColumns: ExportColumn<R>[];
  /** The CSV's file name, without the extension. */
  fileName: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title={translate(title)} />
      <List
        resource={resource}
        filters={filters}
        sort={sort}
        disableSyncWithLocation
        storeKey={false}
        perPage={25}
        pagination={<AppPagination />}
        title={false}
        exporter={false}
        actions={
          <TopToolbar>
            <ListViewButtons />
            {actions === false ? null : <FilterButton />}
            <ExportAllButton<R> columns={exportColumns} fileName={fileName} />
          </TopToolbar>
        }
        empty={false}
      >
        {children}
      </List>
    </>
  );
}
