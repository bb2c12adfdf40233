import type { ReactNode } from 'react';
import { Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DateField, DeleteWithConfirmButton, List, TopToolbar, useRecordContext, useTranslate, type ListProps, type RaRecord } from 'react-admin';
import { AppPagination } from '@/layout/Pagination';
import { ExportAllButton, type ExportColumn } from './exporter';
import { PageHeading } from './FormPage';
import { ListViewButtons } from './listViews/ListViewButtons';

export interface ListPageProps extends Omit<ListProps, 'title'> {
  /** The page's one heading; without it the list sits under a heading of its own page (a tab). */
  heading?: string;
  /** The rows-per-page choices, when the list pages with AppPagination. */
  rowsPerPage?: number[];
}

/**
 * A list screen: the heading (PageHeading), then react-admin's List without a title of its own
 * (the heading is the title), without react-admin's empty page (an empty list shows its filters)
 * and without its exporter (lists export every row with ExportAllButton).
 */
export function ListPage({ heading, rowsPerPage, children, ...props }: ListPageProps) {
  return (
    <>
      {heading !== undefined && <PageHeading title={heading} />}
      <List
        title={false}
        empty={false}
        exporter={false}
        {...(rowsPerPage ? { pagination: <AppPagination rowsPerPageOptions={rowsPerPage} /> } : {})}
        {...props}
      >
        {children}
      </List>
    </>
  );
}

export interface ListActionsProps<R extends RaRecord> {
  /** The create button: a message key and what it does. */
  create?: { label: string; onClick: () => void };
  /** The export of every row of the filter. */
  exportAll?: { columns: ExportColumn<R>[]; fileName: string };
  /** Anything before the create button (a FilterButton). */
  children?: ReactNode;
}

/**
 * A list's toolbar: the column chooser and saved views, its own buttons, "create" (opening a
 * dialog), the export of every row.
 */
export function ListActions<R extends RaRecord>({ create, exportAll, children }: ListActionsProps<R>) {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <ListViewButtons />
      {children}
      {create && (
        <Button startIcon={<AddIcon />} onClick={create.onClick}>
          {translate(create.label)}
        </Button>
      )}
      {exportAll && <ExportAllButton<R> columns={exportAll.columns} fileName={exportAll.fileName} />}
    </TopToolbar>
  );
}

/** The message a list shows in place of rows when none match. */
export function EmptyRows({ message }: { message: string }) {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate(message)}</Typography>;
}

export interface RowActionsProps {
  onEdit: (record: RaRecord) => void;
  /** The resource's message keys: `<prefix>.actions.edit_one`, `<prefix>.messages.delete_title`, `<prefix>.messages.delete_content`. */
  prefix: string;
  /** The record's names for those messages (by default `{ name: record.name }`). */
  names?: (record: RaRecord) => Record<string, unknown>;
  /** The delete button's accessible name, a message key taking the same names. */
  deleteLabel?: string;
}

/** A row's "Modifica" (opens the dialog) and "Elimina" (asks first, stays on the list). */
export function RowActions({ onEdit, prefix, names = (r) => ({ name: r.name }), deleteLabel }: RowActionsProps) {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const values = names(record);
  return (
    <>
      <Button size="small" onClick={() => onEdit(record)} aria-label={translate(`${prefix}.actions.edit_one`, values)}>
        {translate('ra.action.edit')}
      </Button>
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        redirect={false}
        confirmTitle={translate(`${prefix}.messages.delete_title`, values)}
        confirmContent={`${prefix}.messages.delete_content`}
        {...(deleteLabel ? { 'aria-label': translate(deleteLabel, values) } : {})}
      />
    </>
  );
}

/** A date cell, dd/mm/yyyy: `<DataTable.Col source="periodStart" field={DateText} />`. */
export function DateText({ source }: { source: string }) {
  return <DateField source={source} locales="it-IT" />;
}

/** The text a list shows in place of its table when it has no rows: `empty={<EmptyText message="…" />}`. */
export function EmptyText({ message }: { message: string }) {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate(message)}</Typography>;
}
