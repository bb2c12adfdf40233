import type { CheckboxOwnerState, ThemeOptions } from '@mui/material';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { CLASSIC_PRIMARY_COLOR, DEFAULT_THEME, THEMES, type ThemeName } from '@/config/constants';

/**
 * Accessibility fixes shared by both themes (axe-core on every screen):
 * - a Checkbox given an `aria-label` (react-admin's row selection does this) gets it on its
 *   `<input>`, where assistive technology reads it, instead of on the wrapping `<span>` (where
 *   the label is not allowed and the input stays nameless);
 * - a visible focus ring on buttons and links reached with the keyboard.
 *
 * Typed as MUI's own `ThemeOptions['components']`, the type of the `components` it is spread with
 * below: a hand-written `Components<Omit<Theme, 'components'>>` is a different instantiation, and
 * relating the two made tsc measure the variance of MUI's style-override types, about 70 s of CPU
 * (two thirds of the whole typecheck) for this one file.
 */
const a11yComponents: ThemeOptions['components'] = {
  // Keyboard focus: a 2px ring in the text colour (white on the app bar, dark or light on the
  // page); contained buttons, whose text is on their own fill, get the page's text colour.
  MuiButtonBase: {
    styleOverrides: {
      root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 } },
    },
  },
  MuiButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&.MuiButton-contained.Mui-focusVisible': { outlineColor: theme.palette.text.primary },
      }),
    },
  },
  MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
  // react-admin's <Loading> writes its message in text.disabled (2.6:1): text.secondary reads.
  RaLoading: {
    styleOverrides: {
      root: ({ theme }) => ({ '& .RaLoading-message': { color: theme.palette.text.secondary } }),
    },
  },
  MuiCheckbox: {
    defaultProps: {
      slotProps: {
        root: { 'aria-label': undefined } as object,
        input: (ownerState: CheckboxOwnerState) => {
          const own = ownerState as CheckboxOwnerState & {
            'aria-label'?: string;
            inputProps?: Record<string, unknown>;
          };
          return {
            ...own.inputProps,
            'aria-label': (own.inputProps?.['aria-label'] as string | undefined) ?? own['aria-label'],
          };
        },
      },
    },
  },
};

/** Status colours (chips, error buttons) dark enough for white text and for text on grey (WCAG AA 4.5:1). */
const lightStatus = {
  error: { main: '#b71c1c' },
  warning: { main: '#a84300' },
  info: { main: '#01579b' },
  success: { main: '#1b5e20' },
};

/** The same in the dark theme: light tones readable on the dark papers (#121212 to #424242). */
const darkStatus = {
  error: { main: '#ef9a9a' },
  warning: { main: '#ffb74d' },
  info: { main: '#81d4fa' },
  success: { main: '#81c784' },
};

/** Classic: light, primary #0a3f8a, the default. */
export const classicTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    primary: { main: CLASSIC_PRIMARY_COLOR },
    secondary: { main: '#c0392b' },
    ...lightStatus,
  },
  components: { ...defaultLightTheme.components, ...a11yComponents },
};

/** Dark: the same layout on a dark palette, the primary lightened for contrast. */
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    primary: { main: '#6f9fe0' },
    secondary: { main: '#ef9a9a' },
    ...darkStatus,
  },
  components: { ...defaultDarkTheme.components, ...a11yComponents },
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
