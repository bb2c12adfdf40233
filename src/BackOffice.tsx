import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { createQueryClient } from '@/api/queryClient';
import { authProvider, isSignedIn } from '@/auth/authProvider';
import { dataProvider } from '@/dataProviders';
import { i18nProvider } from '@/i18n';
import { setTranslator } from '@/i18n/lookup';
import { FullScreenLoading } from '@/layout/LoadingAnimation';
import { Layout } from '@/layout/Layout';
import { RESOURCES } from '@/resources';
import { privateRouteElements } from '@/routes';
import { classicTheme, darkTheme } from '@/theme';

// From here on, the call layer's and the shared blocks' messages follow the user's language.
setTranslator((key, options) => i18nProvider.translate(key, options));

/** Any unknown path shows the 404 page. */
const CatchAll = () => <Navigate to="/404" replace />;

/**
 * The back office, a chunk of its own that the front door (App.tsx) loads after sign-in: the one
 * authProvider (session, permission table), Italian first, classic and dark themes, the
 * app-bar-only layout. It runs on the front door's data router, so that forms can block leaving
 * with unsaved changes; the QueryClient retries only reads, and only on network
 * failures and 5xx. The public pages are not here: the front door serves them without it.
 */
export default function BackOffice() {
  const [queryClient] = useState(() => createQueryClient({}, { signedIn: isSignedIn() }));
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
      <CustomRoutes>{privateRouteElements()}</CustomRoutes>
      {RESOURCES.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
    </Admin>
  );
}
