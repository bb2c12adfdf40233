import {
  Children,
  createElement,
  isValidElement,
  memo,
  useCallback,
  useMemo,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { TableBody, alpha, darken, lighten, type Theme } from '@mui/material';
import {
  DataTableColumn,
  RecordContextProvider,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableDataContext,
  useDataTableSelectedIdsContext,
  useDataTableStoreContext,
  useEvent,
  useGetPathForRecordCallback,
  useResourceContext,
  useResourceDefinition,
  useStore,
  useTranslate,
  type DataTableBodyProps,
  type DataTableColumnProps,
  type Identifier,
  type LinkToType,
  type RaRecord,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';

/*
 * A lighter body for react-admin's <DataTable>: the same rows, selection and row click, drawn as
 * plain <tr>/<td> elements styled once by the body (LIGHT_BODY_STYLES) instead of two styled
 * components per cell, a store subscription per cell and an MUI Checkbox (a button base with its
 * ripple) per row. A page of 10 systems × 11 cells was some 240 styled components; it is now one.
 * The head (sorting, the page's selection box), the column chooser and the bulk toolbar stay
 * react-admin's own. Its columns are `DataTable.Col`s (source, render, field or children; any other
 * column type is refused); not supported here: expand panels and per-cell `sx`/`cellSx` (the
 * columns are styled by the table).
 */

/** Material's check box outline and checked box (the icons MUI's Checkbox draws), 24×24. */
const BLANK = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const CHECKED =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-7 7z';

export interface LightCheckboxProps {
  checked: boolean;
  /** MUI's small check box (20 px) instead of the medium one (24 px). */
  size?: 'small';
  label: string;
  disabled?: boolean;
  /** Called with the click (a pointer's, or the keyboard's Space), so that Shift can be read. */
  onClick: (event: MouseEvent<HTMLInputElement>) => void;
}

/**
 * A native check box drawn as MUI's (the same icons and colours), styled by LIGHT_CHECK_STYLES on
 * an ancestor: Space toggles it, the focus ring shows on the keyboard, and the label is on the input.
 */
export function LightCheckbox({ checked, size, label, disabled, onClick }: LightCheckboxProps) {
  return (
    <span className={size === 'small' ? 'lt-check lt-small' : 'lt-check'} data-checked={checked || undefined}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-label={label}
        onClick={onClick}
        onChange={noop}
      />
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={checked ? CHECKED : BLANK} />
      </svg>
    </span>
  );
}
const noop = () => undefined;

/** The check box's look, for the `sx` of the element around it (MUI's Checkbox, small table, no padding). */
export const LIGHT_CHECK_STYLES = (theme: Theme) => ({
  '& .lt-check': {
    position: 'relative',
    display: 'inline-flex',
    verticalAlign: 'middle',
    color: theme.palette.text.secondary,
    borderRadius: '50%',
    '&[data-checked]': { color: theme.palette.primary.main },
    '& > input': {
      position: 'absolute',
      inset: 0,
      width: '100%',
      height: '100%',
      margin: 0,
      opacity: 0,
      cursor: 'pointer',
      zIndex: 1,
    },
    '& > input:disabled': { cursor: 'default' },
    '& > input:disabled + svg': { color: theme.palette.action.disabled },
    '& > svg': { width: '1.5rem', height: '1.5rem', fill: 'currentColor', display: 'block' },
    '&.lt-small > svg': { width: '1.25rem', height: '1.25rem' },
    '&:hover': { backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity) },
    '&:has(> input:focus-visible)': { outline: '2px solid currentColor', outlineOffset: 2 },
  },
});

/** MUI's small body cell and its row (hover, selected), once for the body. */
export const LIGHT_BODY_STYLES = (theme: Theme) => ({
  '& > tr': {
    color: 'inherit',
    verticalAlign: 'middle',
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&.Mui-selected': {
      backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
      '&:hover': {
        backgroundColor: alpha(
          theme.palette.primary.main,
          theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity,
        ),
      },
    },
    '&[tabindex]': { cursor: 'pointer' },
    '&[tabindex]:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  },
  '& > tr > td, & > tr > th': {
    fontFamily: theme.typography.body2.fontFamily as string,
    fontWeight: theme.typography.body2.fontWeight as string,
    fontSize: theme.typography.body2.fontSize as string,
    lineHeight: theme.typography.body2.lineHeight as string,
    letterSpacing: theme.typography.body2.letterSpacing as string,
    color: theme.palette.text.primary,
    textAlign: 'left',
    padding: '6px 16px',
    borderBottom: `1px solid ${
      theme.palette.mode === 'light'
        ? lighten(alpha(theme.palette.divider, 1), 0.88)
        : darken(alpha(theme.palette.divider, 1), 0.68)
    }`,
    '&.lt-right': { textAlign: 'right' },
    // react-admin's theme: its checkbox cells are 24 px wide with 8 px each side.
    '&.lt-checkbox': { width: 24, padding: '0 8px' },
  },
  ...LIGHT_CHECK_STYLES(theme),
});

type Column = DataTableColumnProps & { align?: string };

/** A column's value in a row, as react-admin's DataTableCell writes it. */
function cellContent(column: Column, record: RaRecord): ReactNode {
  if (column.children) return column.children;
  if (column.render) return column.render(record);
  if (column.field) return createElement(column.field, { source: column.source });
  const value = column.source
    ?.split('.')
    .reduce<unknown>((v, key) => (v == null ? v : (v as Record<string, unknown>)[key]), record);
  return value != null ? String(value as string) : null;
}

export interface LightRowProps {
  record: RaRecord;
  index: number;
  columns: Column[];
  selected: boolean;
  /** Whether the row has a selection box (the table has bulk actions). */
  selectable: boolean;
  selectLabel: string;
  onToggle: (id: Identifier, event: MouseEvent<HTMLInputElement>) => void;
  /** Opens the row (its row click), or undefined when a row opens nothing. */
  onOpen?: (record: RaRecord) => void;
  ref?: Ref<HTMLTableRowElement>;
  'data-index'?: number;
}

/** One row: its selection box, then a plain cell per column; a click or Enter opens it. */
export const LightRow = memo(function LightRow({
  record,
  index,
  columns,
  selected,
  selectable,
  selectLabel,
  onToggle,
  onOpen,
  ref,
  ...rest
}: LightRowProps) {
  const toggle = (event: MouseEvent<HTMLInputElement>) => {
    event.stopPropagation();
    onToggle(record.id, event);
  };
  const open = onOpen
    ? {
        tabIndex: 0,
        onClick: () => onOpen(record),
        onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(record);
        },
      }
    : {};
  return (
    <RecordContextProvider value={record}>
      <tr
        ref={ref}
        className={`MuiTableRow-root MuiTableRow-hover RaDataTable-row ${index % 2 ? 'RaDataTable-rowOdd' : 'RaDataTable-rowEven'}${onOpen ? ' RaDataTable-clickableRow' : ''}${selected ? ' Mui-selected' : ''}`}
        aria-selected={selectable ? selected : undefined}
        {...open}
        {...rest}
      >
        {selectable ? (
          <td className="lt-checkbox">
            <LightCheckbox checked={selected} label={selectLabel} onClick={toggle} />
          </td>
        ) : null}
        {columns.map((column, i) => (
          <td
            key={column.source ?? String(column.label ?? i)}
            className={`RaDataTable-rowCell column-${column.source}${column.align === 'right' ? ' lt-right' : ''}${column.cellClassName ? ` ${column.cellClassName}` : ''}`}
          >
            {cellContent(column, record)}
          </td>
        ))}
      </tr>
    </RecordContextProvider>
  );
});

/** Names a row's selection box. */
export type RowLabel = (record: RaRecord, translate: ReturnType<typeof useTranslate>) => string;

/**
 * What a light body needs from the DataTable around it, as the props of each row: the visible
 * columns (the column chooser's hidden ones left out), whether the row is selected, its toggle (with
 * Shift ranges), its row click and the name of its selection box (`rowLabel`, by default
 * react-admin's «Seleziona questa riga»).
 */
export function useLightTable(
  children: ReactNode,
  rowLabel?: RowLabel,
): { rowProps: (record: RaRecord, index: number) => LightRowProps } {
  const { hasBulkActions } = useDataTableConfigContext();
  const { handleToggleItem, rowClick } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext();
  // A Set: «Seleziona tutto» on the filtered search selects up to 9,999 rows.
  const selected = useMemo(() => new Set(selectedIds ?? []), [selectedIds]);
  const { storeKey, defaultHiddenColumns } = useDataTableStoreContext();
  const [hidden] = useStore<string[]>(storeKey, defaultHiddenColumns);
  const resource = useResourceContext();
  const { hasEdit, hasShow } = useResourceDefinition();
  const navigate = useNavigate();
  const getPathForRecord = useGetPathForRecordCallback();
  const translate = useTranslate();
  const columns = useMemo(
    () =>
      Children.toArray(children)
        .filter(isValidElement)
        .map((child) => {
          // Other columns (NumberCol, custom ones) draw their cells themselves: this body can't.
          if (child.type !== DataTableColumn)
            throw new Error('The light DataTable body takes DataTable.Col columns only');
          return child.props as Column;
        })
        .filter((column) => !hidden.includes(column.source ?? (column.label as string))),
    [children, hidden],
  );
  const toggle = useCallback(
    (id: Identifier, event: MouseEvent<HTMLInputElement>) => handleToggleItem?.(id, event),
    [handleToggleItem],
  );
  const open = useEvent(async (record: RaRecord) => {
    const link: LinkToType | undefined =
      typeof rowClick === 'function' ? await rowClick(record.id, resource ?? '', record) : rowClick;
    const path = await getPathForRecord({ record, resource, link });
    if (path) navigate(path, { state: { _scrollToTop: true } });
  });
  // As react-admin's rows: without a row click, a row opens the record's edit or show page if it has one.
  const onOpen = rowClick === false || (rowClick == null && !hasEdit && !hasShow) ? undefined : open;
  const selectable = hasBulkActions && !!handleToggleItem;
  return {
    rowProps: (record, index) => ({
      record,
      index,
      columns,
      selected: selected.has(record.id),
      selectable,
      selectLabel: rowLabel?.(record, translate) ?? translate('ra.action.select_row'),
      onToggle: toggle,
      onOpen,
    }),
  };
}

/** The light body, for `<DataTable body={…}>`; `rowLabel` names a row's selection box. */
export function lightBody(rowLabel?: RowLabel) {
  return memo(function LightDataTableBody({
    children,
    className,
    ref,
  }: DataTableBodyProps & { ref?: Ref<HTMLTableSectionElement> }) {
    const data = useDataTableDataContext() ?? [];
    const { rowProps } = useLightTable(children, rowLabel);
    return (
      <TableBody
        ref={ref}
        className={`datatable-body RaDataTable-tbody ${className ?? ''}`}
        sx={LIGHT_BODY_STYLES}
      >
        {data.map((record, index) => (
          <LightRow key={record.id} {...rowProps(record, index)} />
        ))}
      </TableBody>
    );
  });
}
