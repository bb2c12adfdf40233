import { useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { createQueryClient } from '@/api/queryClient';
import { authProvider } from '@/auth/authProvider';
import { dataProvider } from '@/dataProviders';
import { i18nProvider } from '@/i18n';
import { FullScreenLoading } from '@/layout/LoadingAnimation';
import { Layout } from '@/layout/Layout';
import { RESOURCES } from '@/resources';
import { privateRouteElements, publicRouteElements } from '@/routes';
import { classicTheme, darkTheme } from '@/theme';

/** Any unknown path shows the 404 page (spec §2). */
const CatchAll = () => <Navigate to="/404" replace />;

/**
 * The back office: browser history with real paths (spec §2), the one authProvider (sign-in,
 * session, permission table), Italian first, classic and dark themes, the app-bar-only layout.
 * The router is a data router, so that forms can block leaving with unsaved changes (issue 9);
 * the QueryClient retries only reads, and only on network failures and 5xx.
 */
function BackOffice() {
  const [queryClient] = useState(createQueryClient);
  return (
    <Admin
      title="Back office OOH / DOOH"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      layout={Layout}
      loginPage={false}
      catchAll={CatchAll}
      loading={FullScreenLoading}
      lightTheme={classicTheme}
      darkTheme={darkTheme}
      defaultTheme="light"
      disableTelemetry
    >
      <CustomRoutes noLayout>{publicRouteElements()}</CustomRoutes>
      <CustomRoutes>{privateRouteElements()}</CustomRoutes>
      {RESOURCES.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
    </Admin>
  );
}

export function App() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <BackOffice /> }]));
  return <RouterProvider router={router} />;
}
