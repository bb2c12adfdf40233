import { BrowserRouter, Navigate } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
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
 */
export function App() {
  return (
    <BrowserRouter>
      <Admin
        title="Back office OOH / DOOH"
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
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
    </BrowserRouter>
  );
}
