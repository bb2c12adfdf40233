import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { CLASSIC_PRIMARY_COLOR, DEFAULT_THEME, THEMES, type ThemeName } from '@/config/constants';

/** Classic: light, primary #0a3f8a (spec §1, §9), the default. */
export const classicTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    primary: { main: CLASSIC_PRIMARY_COLOR },
    secondary: { main: '#c0392b' },
  },
};

/** Dark: the same layout on a dark palette, the primary lightened for contrast. */
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    primary: { main: '#6f9fe0' },
    secondary: { main: '#ef9a9a' },
  },
};

/** The profile's preference.theme read as free text: classic or dark, anything else is classic. */
export function themeNameOf(preference: unknown): ThemeName {
  return (THEMES as readonly unknown[]).includes(preference) ? (preference as ThemeName) : DEFAULT_THEME;
}

/** react-admin's theme store speaks light/dark: classic is the light theme. */
export type ThemeMode = 'light' | 'dark';

export function modeOf(theme: ThemeName): ThemeMode {
  return theme === 'dark' ? 'dark' : 'light';
}

export function themeNameOfMode(mode: string): ThemeName {
  return mode === 'dark' ? 'dark' : 'classic';
}

export function themeOptionsFor(theme: ThemeName): RaThemeOptions {
  return theme === 'dark' ? darkTheme : classicTheme;
}
