import { useEffect, useState } from 'react';
import { Alert, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SchemaHistoryEntry } from '@/api/generated/history';
import { advertisersDataProvider } from '@/dataProviders/advertisers';

const show = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

function Entries({ entries, label }: { entries: SchemaHistoryEntry[]; label: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {label}
      </Typography>
      {entries.length ? (
        <List dense>
          {entries.map((e) => (
            <ListItem key={e.id} divider>
              <ListItemText
                primary={`${new Date(e.timestamp).toLocaleString(locale === 'en' ? 'en-GB' : 'it-IT')} · ${e.username} · ${translate(`resources.advertisers.history.actions.${e.action}`, { _: e.action })}`}
                secondary={e.changes
                  .map(
                    (c) =>
                      `${translate(`resources.advertisers.fields.${c.field}`, { _: c.field })}: ${show(c.oldValue)} → ${show(c.newValue)}`,
                  )
                  .join('; ')}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.advertisers.history.empty')}
        </Typography>
      )}
    </>
  );
}

/** The advertiser's history and its contact people's, from the history service. */
export function AdvertiserHistory({ id }: { id: number }) {
  const translate = useTranslate();
  const [state, setState] = useState<{
    own?: SchemaHistoryEntry[];
    users?: SchemaHistoryEntry[];
    error?: string;
  }>({});
  useEffect(() => {
    let alive = true;
    Promise.all([advertisersDataProvider.history(id), advertisersDataProvider.usersHistory(id)])
      .then(([own, users]) => alive && setState({ own, users }))
      .catch(
        (error: unknown) =>
          alive && setState({ error: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      alive = false;
    };
  }, [id]);
  if (state.error) return <Alert severity="error">{state.error}</Alert>;
  if (!state.own || !state.users)
    return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  return (
    <>
      <Entries entries={state.own} label={translate('resources.advertisers.history.advertiser')} />
      <Entries entries={state.users} label={translate('resources.advertisers.history.users')} />
    </>
  );
}
