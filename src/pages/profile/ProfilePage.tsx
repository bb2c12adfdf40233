import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { failureMessage } from '@/api/failures';
import type { SchemaUserProfile } from '@/api/generated/user';
import { roleOf } from '@/auth/authProvider';
import { avatarUrl, forgetAvatar } from '@/auth/avatar';
import { updateSessionUser } from '@/auth/session';
import { DEFAULT_GROUP, THEMES, type ThemeName } from '@/config/constants';
import type { AppDataProvider } from '@/dataProviders';
import { LoadingAnimation } from '@/layout/LoadingAnimation';
import { useThemePreference } from '@/theme/useThemePreference';
import { PageHeading } from '@/ui/FormPage';
import { useFailure } from '@/ui/useFailure';
import { PasswordChangeForm } from '../PasswordChangeForm';

const AVATAR_TYPES = ['image/png', 'image/jpeg'];
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const PROFILE_KEY = ['users', 'ownProfile'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Identity({ profile }: { profile: SchemaUserProfile }) {
  const translate = useTranslate();
  const role = roleOf(profile);
  const rows: [string, string | undefined][] = [
    ['app.profile.username', profile.principal.username],
    ['app.profile.name', [profile.name, profile.surname].filter(Boolean).join(' ')],
    ['app.profile.email', profile.email],
    ['app.profile.role', translate(`app.roles.${role}`, { _: role })],
    ['app.profile.group', profile.group ?? DEFAULT_GROUP],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {translate(label)}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {value || '—'}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The avatar: GET /user/getAvatar/{id} as a blob, and POST /user/uploadAvatar (PNG or JPEG, at most 2 MB). */
function AvatarSection({ profile }: { profile: SchemaUserProfile }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const failure = useFailure();
  const [avatarId, setAvatarId] = useState<number | null>(profile.avatarId ?? null);
  const [src, setSrc] = useState<string>();
  const [message, setMessage] = useState<{ ok: boolean; key: string }>();
  const name = [profile.name, profile.surname].filter(Boolean).join(' ') || profile.principal.username;

  useEffect(() => {
    if (!avatarId) return;
    let live = true;
    avatarUrl(avatarId).then(
      (url) => live && setSrc(url),
      () => live && setMessage({ ok: false, key: 'app.profile.avatar_load_error' }),
    );
    return () => {
      live = false;
    };
  }, [avatarId]);

  const send = useMutation({
    mutationFn: (file: File) => dataProvider.uploadOwnAvatar('users', file),
    onMutate: () => setMessage(undefined),
    onSuccess: (saved) => {
      forgetAvatar(saved.id);
      setSrc(undefined);
      setAvatarId(saved.id);
      updateSessionUser({ avatarId: saved.id });
      // The menu's avatar comes from react-admin's identity; the profile holds the avatar id.
      void queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      setMessage({ ok: true, key: 'app.profile.avatar_done' });
    },
    onError: failure,
  });
  const uploading = send.isPending;

  const upload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type))
      return setMessage({ ok: false, key: 'app.errors.unsupported_type' });
    if (file.size > AVATAR_MAX_BYTES) return setMessage({ ok: false, key: 'app.errors.too_large' });
    send.mutate(file);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
      <Avatar
        src={src}
        alt={src ? translate('app.profile.avatar_alt', { name }) : undefined}
        sx={{ width: 96, height: 96, fontSize: 36 }}
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {!avatarId ? <Typography variant="body2">{translate('app.profile.no_avatar')}</Typography> : null}
        <Button variant="outlined" component="label" disabled={uploading} sx={{ alignSelf: 'flex-start' }}>
          {translate(uploading ? 'app.profile.avatar_uploading' : 'app.profile.avatar_upload')}
          <input hidden type="file" accept={AVATAR_TYPES.join(',')} onChange={upload} />
        </Button>
        {message ? (
          <Alert severity={message.ok ? 'success' : 'error'} role={message.ok ? 'status' : 'alert'}>
            {translate(message.key)}
          </Alert>
        ) : null}
      </Box>
    </Box>
  );
}

function ThemeChoice() {
  const translate = useTranslate();
  const [theme, setTheme] = useThemePreference();
  return (
    <FormControl>
      <FormLabel id="profile-theme-label">{translate('app.profile.theme')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="profile-theme-label"
        value={theme}
        onChange={(e) => void setTheme(e.target.value as ThemeName)}
      >
        {THEMES.map((name) => (
          <FormControlLabel
            key={name}
            value={name}
            control={<Radio />}
            label={translate(`app.theme.${name}`)}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** /profile: identity, avatar, password change, theme. */
export default function ProfilePage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const failure = useFailure();
  const { data: profile, error } = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: () => dataProvider.ownProfile('users'),
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 900, pb: 4 }}>
      <PageHeading title={translate('app.profile.title')} />
      {error ? (
        <Alert severity="error" role="alert">
          {translate('app.profile.load_error')} {failureMessage(error)}
        </Alert>
      ) : !profile ? (
        <LoadingAnimation />
      ) : (
        <>
          <Section title={translate('app.profile.identity')}>
            <Identity profile={profile} />
          </Section>
          <Section title={translate('app.profile.avatar')}>
            <AvatarSection profile={profile} />
          </Section>
          <Section title={translate('app.profile.password')}>
            <PasswordChangeForm send={(body) => dataProvider.changeOwnPassword('users', body)} translate={translate} onFailure={failure} maxWidth={420} />
          </Section>
          <Section title={translate('app.profile.theme')}>
            <ThemeChoice />
          </Section>
        </>
      )}
    </Box>
  );
}
