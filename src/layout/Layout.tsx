import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { A11yDefaults } from '@/theme/A11yDefaults';
import { useProfileTheme } from '@/theme/useThemePreference';
import { AppBar } from './AppBar';

/*
 * Fits a 1280×720 laptop: the content column may shrink below its widest child
 * (flex items default to min-width:auto, which let a wide table push the page sideways); a wide
 * table scrolls inside its own box; toolbars wrap instead of pushing buttons off screen.
 */
const LAYOUT_SX = {
  // react-admin's root is min-width: fit-content, which makes the page as wide as its widest table.
  minWidth: 0,
  '& .RaLayout-appFrame': { minWidth: 0 },
  '& .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
  '& .RaLayout-content': { px: 2, pt: 2, maxWidth: '100%' },
  '& .RaLayout-content .RaList-main, & .RaLayout-content .RaList-content': { minWidth: 0 },
  '& .RaLayout-content .RaDataTable-tableWrapper, & .RaLayout-content .RaDatagrid-tableWrapper, & .RaLayout-content .MuiTableContainer-root':
    { overflowX: 'auto', maxWidth: '100%' },
  '& .RaLayout-content .RaTopToolbar-root, & .RaLayout-content .RaList-actions, & .RaLayout-content .RaFilterForm-root':
    { flexWrap: 'wrap' },
} as const;

/** The sidebar and the footer are disabled; navigation lives in the app bar. */
const NoSidebar = () => null;
const NoMenu = () => null;

export function Layout({ children }: { children: ReactNode }) {
  useProfileTheme();
  return (
    <A11yDefaults>
      <RaLayout appBar={AppBar} sidebar={NoSidebar} menu={NoMenu} appBarAlwaysOn sx={LAYOUT_SX}>
        {children}
      </RaLayout>
    </A11yDefaults>
  );
}
