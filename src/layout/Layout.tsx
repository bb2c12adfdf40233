import { Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Box, type Theme } from '@mui/material';
import { Error as ErrorPage, Loading, SkipNavigationButton } from 'react-admin';
import { A11yDefaults } from '@/theme/A11yDefaults';
import { useProfileTheme } from '@/theme/useThemePreference';
import { AppBar } from './AppBar';

/*
 * react-admin's layout frame (its class names kept, so its pages' styles hold), with what this back
 * office changes. It fits a 1280×720 laptop: the content column may shrink below its widest child
 * (flex items default to min-width:auto, which let a wide table push the page sideways); a wide
 * table scrolls inside its own box; toolbars wrap instead of pushing buttons off screen.
 */
const LAYOUT_SX = (theme: Theme) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: theme.palette.background.default,
  position: 'relative',
  // react-admin's root is min-width: fit-content, which makes the page as wide as its widest table.
  minWidth: 0,
  width: '100%',
  '& .RaLayout-appFrame': {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minWidth: 0,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  '& .RaLayout-contentWithSidebar': { display: 'flex', flexGrow: 1, minWidth: 0 },
  '& .RaLayout-content': {
    backgroundColor: theme.palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    minWidth: 0,
    maxWidth: '100%',
    padding: theme.spacing(2, 2, 0),
  },
  '& .RaLayout-content .RaList-main, & .RaLayout-content .RaList-content': { minWidth: 0 },
  '& .RaLayout-content .RaDataTable-tableWrapper, & .RaLayout-content .RaDatagrid-tableWrapper, & .RaLayout-content .MuiTableContainer-root':
    { overflowX: 'auto', maxWidth: '100%' },
  '& .RaLayout-content .RaTopToolbar-root, & .RaLayout-content .RaList-actions, & .RaLayout-content .RaFilterForm-root':
    { flexWrap: 'wrap' },
});

/**
 * The back office's frame: the skip link, the app bar (navigation lives there: no sidebar, no
 * footer), the page with react-admin's error page and loading state. Not react-admin's `<Layout>`:
 * its preferences inspector (unused here) reads the page's width as it renders, which made the
 * browser lay out the whole page in the middle of every render of the layout (some 50 ms of a full
 * load on a 2-core machine).
 */
export function Layout({ children }: { children: ReactNode }) {
  useProfileTheme();
  const [errorInfo, setErrorInfo] = useState<ErrorInfo>();
  return (
    <A11yDefaults>
      <Box className="layout RaLayout-root" sx={LAYOUT_SX}>
        <SkipNavigationButton />
        <div className="RaLayout-appFrame">
          <AppBar />
          <main className="RaLayout-contentWithSidebar">
            <div id="main-content" className="RaLayout-content">
              <ErrorBoundary
                onError={(_error, info) => setErrorInfo(info)}
                fallbackRender={({ error, resetErrorBoundary }) => (
                  <ErrorPage
                    error={error as Error}
                    errorInfo={errorInfo}
                    resetErrorBoundary={resetErrorBoundary}
                  />
                )}
              >
                <Suspense fallback={<Loading />}>{children}</Suspense>
              </ErrorBoundary>
            </div>
          </main>
        </div>
      </Box>
    </A11yDefaults>
  );
}
