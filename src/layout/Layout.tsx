import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { A11yDefaults } from '@/theme/A11yDefaults';
import { useProfileTheme } from '@/theme/useThemePreference';
import { AppBar } from './AppBar';

/** Spec §1: the sidebar and the footer are disabled; navigation lives in the app bar. */
const NoSidebar = () => null;
const NoMenu = () => null;

export function Layout({ children }: { children: ReactNode }) {
  useProfileTheme();
  return (
    <A11yDefaults>
      <RaLayout
        appBar={AppBar}
        sidebar={NoSidebar}
        menu={NoMenu}
        appBarAlwaysOn
        sx={{ '& .RaLayout-content': { px: 2, pt: 2 } }}
      >
        {children}
      </RaLayout>
    </A11yDefaults>
  );
}
