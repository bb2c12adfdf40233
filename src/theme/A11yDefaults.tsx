import { useCallback, type ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

/**
 * Translated accessibility defaults for the components inside (issue 9, axe-core): every progress
 * indicator without its own name (react-admin's <Loading>, the app bar's loading indicator,
 * spinners in buttons) is named "Caricamento in corso", as ARIA requires of a progressbar.
 * A component's own aria-label still wins.
 */
export function A11yDefaults({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const label = translate('app.loading.label');
  const withDefaults = useCallback(
    (outer: Theme): Theme => ({
      ...outer,
      components: {
        ...outer.components,
        MuiCircularProgress: {
          ...outer.components?.MuiCircularProgress,
          defaultProps: { ...outer.components?.MuiCircularProgress?.defaultProps, 'aria-label': label },
        },
        MuiLinearProgress: {
          ...outer.components?.MuiLinearProgress,
          defaultProps: { ...outer.components?.MuiLinearProgress?.defaultProps, 'aria-label': label },
        },
      },
    }),
    [label],
  );
  return <ThemeProvider theme={withDefaults}>{children}</ThemeProvider>;
}
