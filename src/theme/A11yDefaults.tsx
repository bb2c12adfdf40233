import { useCallback, type ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

/**
 * Translated accessibility defaults for the components inside (axe-core): every progress
 * indicator without its own name (react-admin's <Loading>, the app bar's loading indicator,
 * spinners in buttons) is named "Caricamento in corso", as ARIA requires of a progressbar.
 * A component's own aria-label still wins. MUI's TablePagination reads "1-10 di 24" and names its
 * buttons in the chosen language.
 */
export function A11yDefaults({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const label = translate('app.loading.label');
  const rowsPerPage = translate('ra.navigation.page_rows_per_page');
  const withDefaults = useCallback(
    (outer: Theme): Theme => ({
      ...outer,
      components: {
        ...outer.components,
        MuiCircularProgress: {
          ...outer.components?.MuiCircularProgress,
          defaultProps: { ...outer.components?.MuiCircularProgress?.defaultProps, 'aria-label': label },
        },
        // MUI's own TablePagination (screens that page by hand) speaks English by default.
        MuiTablePagination: {
          ...outer.components?.MuiTablePagination,
          defaultProps: {
            ...outer.components?.MuiTablePagination?.defaultProps,
            labelRowsPerPage: rowsPerPage,
            labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
              translate('ra.navigation.page_range_info', {
                offsetBegin: from,
                offsetEnd: to,
                total: count === -1 ? '?' : count,
              }),
            getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') =>
              translate(`ra.navigation.${type}`),
          },
        },
        MuiLinearProgress: {
          ...outer.components?.MuiLinearProgress,
          defaultProps: { ...outer.components?.MuiLinearProgress?.defaultProps, 'aria-label': label },
        },
      },
    }),
    [label, rowsPerPage, translate],
  );
  return <ThemeProvider theme={withDefaults}>{children}</ThemeProvider>;
}
