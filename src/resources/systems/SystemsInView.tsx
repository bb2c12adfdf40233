import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, IconButton, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { SchemaSystemMarker as SystemMarker } from '@/api/generated/systems';
import type { InView } from './inView';
import { systemStatusLabel, useT } from './shared';

/**
 * The systems in the map's view, beside it (what the map draws, with the same filters): a row shows
 * its marker (`onShow`: centre it and open its popup), its button opens the detail. The list scrolls
 * in its own box and draws at most IN_VIEW_LIMIT rows, then says how many more and to zoom in.
 */
export function SystemsInView({ inView, onShow }: { inView: InView | undefined; onShow: (m: SystemMarker) => void }) {
  const t = useT();
  return (
    <Box
      component="aside"
      aria-labelledby="systems-in-view-title"
      data-testid="systems-in-view"
      sx={{ width: 300, flex: 'none', display: 'flex', flexDirection: 'column', border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 0 }}
    >
      <Box sx={{ px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id="systems-in-view-title" variant="subtitle2" component="h2">
          {t('map.in_view.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="systems-in-view-count" aria-live="polite">
          {inView ? t('map.in_view.count', { smart_count: inView.total }) : '\u00a0'}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        {inView && !inView.total ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
            {t('map.in_view.empty')}
          </Typography>
        ) : null}
        <List dense disablePadding aria-label={t('map.in_view.label')}>
          {inView?.rows.map((m) => (
            <ListItem
              key={m.id}
              disablePadding
              divider
              data-code={m.code}
              secondaryAction={
                <IconButton
                  edge="end"
                  size="small"
                  component={RouterLink}
                  to={`/systems-manage/${m.id}`}
                  aria-label={t('map.in_view.open', { code: m.code })}
                >
                  <OpenInNewIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemButton onClick={() => onShow(m)} title={t('map.in_view.show', { code: m.code })} sx={{ pr: 6 }}>
                <ListItemText
                  primary={`${m.code} · ${m.name}`}
                  secondary={`${m.municipality} · ${systemStatusLabel(m.status)}`}
                  slotProps={{ primary: { noWrap: true, title: `${m.code} · ${m.name}` }, secondary: { noWrap: true } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {inView?.more ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }} data-testid="systems-in-view-more">
            {t('map.in_view.more', { smart_count: inView.more })}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
