import { useQuery } from '@tanstack/react-query';
import { Alert, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { failureMessage } from '@/api/failures';
import type { SchemaHistoryEntry } from '@/api/generated/history';
import type { AppDataProvider } from '@/dataProviders';
import { changeText, valueText, whenText, whoText } from '@/ui/historyText';

/** A value as a person reads it: contact people as "name (role)", dates dd/mm/yyyy, never raw JSON. */
export function historyValue(v: unknown): string {
  return valueText('', v, { fieldLabel: (f) => f });
}

function Entries({ entries, label }: { entries: SchemaHistoryEntry[]; label: string }) {
  const translate = useTranslate();
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
                primary={`${whenText(e.timestamp)} · ${whoText(e)} · ${translate(`resources.advertisers.history.actions.${e.action}`, { _: e.action })}`}
                secondary={e.changes
                  .map((c) => changeText(c, { fieldLabel: (field) => translate(`resources.advertisers.fields.${field}`, { _: field }) }))
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
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error } = useQuery({
    queryKey: ['advertisers', 'advertiserHistory', id],
    queryFn: () => dataProvider.advertiserHistory('advertisers', { id }),
  });
  if (error) return <Alert severity="error">{failureMessage(error)}</Alert>;
  if (!data) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  return (
    <>
      <Entries entries={data.own} label={translate('resources.advertisers.history.advertiser')} />
      <Entries entries={data.users} label={translate('resources.advertisers.history.users')} />
    </>
  );
}
