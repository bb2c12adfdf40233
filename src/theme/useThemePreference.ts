import { useCallback, useEffect } from 'react';
import { useNotify, useTheme } from 'react-admin';
import { callOrThrow } from '@/api/http';
import { userApi } from '@/api/user';
import { getUser, updateSessionUser } from '@/auth/session';
import type { ThemeName } from '@/config/constants';
import { modeOf, themeNameOf, themeNameOfMode } from './index';

/** PUT /user/preference: saves the signed-in user's theme on the user service. */
async function saveThemePreference(theme: ThemeName): Promise<void> {
  await callOrThrow(userApi().PUT('/user/preference', { body: { theme } }));
}

/**
 * The current theme and a switch that applies it at once, keeps it in the session (locally) and
 * saves it through the user service; a failed save is reported and the local choice kept.
 */
export function useThemePreference(): [ThemeName, (theme: ThemeName) => Promise<void>] {
  const [mode, setMode] = useTheme();
  const notify = useNotify();
  const change = useCallback(
    async (theme: ThemeName) => {
      setMode(modeOf(theme));
      updateSessionUser({ theme });
      try {
        await saveThemePreference(theme);
        notify('app.theme.saved', { type: 'info' });
      } catch {
        notify('app.theme.save_error', { type: 'warning' });
      }
    },
    [setMode, notify],
  );
  return [themeNameOfMode(mode), change];
}

/** On entering the signed-in app, applies the profile's preference.theme (unknown → classic). */
export function useProfileTheme(): void {
  const [, setMode] = useTheme();
  useEffect(() => {
    const user = getUser();
    if (user) setMode(modeOf(themeNameOf(user.theme)));
  }, [setMode]);
}
