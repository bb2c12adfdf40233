import type { ReactNode } from 'react';
import { cleanup, configure, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { authProvider } from '@/auth/authProvider';
import { storeSession } from '@/auth/session';
import { dataProvider } from '@/dataProviders';
import { i18nProvider } from '@/i18n';
import { classicTheme, darkTheme } from '@/theme';

// tests/unit/setup.ts does not unmount between tests (no vitest globals): every file using these helpers does.
afterEach(() => cleanup());

// Whole react-admin screens render slowly in jsdom, the more so while other files run in parallel.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

/** Shows where the router is, and the state it carries, for assertions. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

/** Renders routes inside react-admin's contexts (auth, i18n, theme, store) and a memory router. */
export function renderWithAdmin(routes: ReactNode, initial: InitialEntry = '/') {
  return render(
    <MemoryRouter initialEntries={[initial]}>
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        lightTheme={classicTheme}
        darkTheme={darkTheme}
        defaultTheme="light"
      >
        <Routes>
          {routes}
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>,
  );
}

export function signInAs(role: string, username = 'demo') {
  storeSession({
    auth: 'token',
    refreshToken: 'refresh',
    user: { username, name: 'Demo', surname: 'User', id: 1 },
    type: role,
    group: 'administrators',
  });
}
