import { useState, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, RouterProvider } from 'react-router-dom';
import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { isSignedIn } from '@/auth/authProvider';
import { registerBackOffice } from '@/backOfficeLoader';
import { readFirstPage, readFirstPagesOnMoves } from '@/firstReads';
import { lazyPage } from '@/layout/lazyPage';
import { preloadScreen, PUBLIC_ROUTES } from '@/routes';
import { classicTheme } from '@/theme';

/** The public pages' theme: the back office's classic theme, without react-admin's provider. */
function PublicTheme({ children }: { children: ReactNode }) {
  const [theme] = useState(() => createTheme(classicTheme));
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

const loadBackOffice = () => import('./BackOffice');
registerBackOffice(loadBackOffice);
const BackOffice = lazyPage(loadBackOffice, { loading: 'fullScreen' });

/**
 * Starts loading the code of the screen the app opens on, beside the back office's, when a
 * signed-in user may open it: the screen's chunk no longer waits for the back office to arrive and
 * render before it is asked for.
 */
export function preloadFirstScreen(pathname: string): void {
  if (!isSignedIn() || PUBLIC_ROUTES.some(({ path }) => matchRoutes([{ path }], pathname))) return;
  void BackOffice.preload();
  void preloadScreen(pathname);
  void readFirstPage(pathname, window.location.search);
}

/**
 * The front door: one data router with browser history and real paths. The
 * public and error pages (sign-in, forced logout, signup, passwords, the shared-resource viewer,
 * 403, 404) render here with React, MUI and the message lookup only; every other path is the
 * back office, a lazy chunk with react-admin.
 */
export function App() {
  const [router] = useState(() => {
    const created = createBrowserRouter([
      {
        element: (
          <PublicTheme>
            <Outlet />
          </PublicTheme>
        ),
        children: PUBLIC_ROUTES.map(({ path, page: Page }) => ({ path, element: <Page /> })),
      },
      { path: '*', element: <BackOffice /> },
    ]);
    readFirstPagesOnMoves(created);
    return created;
  });
  return <RouterProvider router={router} />;
}
