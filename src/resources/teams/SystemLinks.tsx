import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, IconButton, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import SaveIcon from '@mui/icons-material/Save';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import {
  createSystemProvider,
  deleteSystemProvider,
  listAllTeams,
  listSystemProviders,
  updateSystemProvider,
  type SystemProvider,
  type TeamProviderType,
} from '@/dataProviders/teams';
import { errorMessage, notifyError } from '../circuits/errors';
import { DutiesSelect } from './LinkDialog';

function LinkRow({ link, systemId, onChanged }: { link: SystemProvider; systemId: number; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [duties, setDuties] = useState<TeamProviderType[]>(link.duties);
  const [confirming, setConfirming] = useState(false);
  const name = link.team?.companyName ?? `#${link.teamId}`;
  const run = async (action: () => Promise<unknown>, message: string) => {
    try {
      await action();
      notify(message, { type: 'success', messageArgs: { name } });
      onChanged();
    } catch (e) {
      notifyError(notify, e);
    }
  };
  return (
    <TableRow>
      <TableCell>{name}</TableCell>
      <TableCell>
        <DutiesSelect id={`duties-${link.id}`} value={duties} onChange={setDuties} />
      </TableCell>
      <TableCell align="right">
        <Tooltip title={translate('resources.teams.actions.save_duties')}>
          <span>
            <IconButton
              aria-label={translate('resources.teams.actions.save_duties')}
              disabled={!duties.length || duties.join() === link.duties.join()}
              onClick={() => void run(() => updateSystemProvider(link.id, { systemId, teamId: link.teamId, duties }), 'resources.teams.messages.duties_saved')}
            >
              <SaveIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={translate('resources.teams.actions.unlink', { name })}>
          <IconButton aria-label={translate('resources.teams.actions.unlink', { name })} onClick={() => setConfirming(true)}>
            <LinkOffIcon />
          </IconButton>
        </Tooltip>
        <Confirm
          isOpen={confirming}
          title={translate('resources.teams.messages.unlink_title', { name })}
          content={translate('resources.teams.messages.unlink_content')}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void run(() => deleteSystemProvider(link.id), 'resources.teams.messages.unlinked');
          }}
        />
      </TableCell>
    </TableRow>
  );
}

/** The teams of one system with their duties: change the duties, unlink, link another team. */
export function SystemLinks({ systemId }: { systemId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const links = useQuery({ queryKey: ['systemProviders', systemId], queryFn: () => listSystemProviders(systemId) });
  const teams = useQuery({ queryKey: ['teams', 'all'], queryFn: listAllTeams });
  const [teamId, setTeamId] = useState('');
  const [duties, setDuties] = useState<TeamProviderType[]>([]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['systemProviders', systemId] });
  const linked = new Set((links.data ?? []).map((l) => l.teamId));
  const add = async () => {
    try {
      await createSystemProvider({ systemId, teamId: Number(teamId), duties });
      notify('resources.teams.messages.linked_team', { type: 'success' });
      setTeamId('');
      setDuties([]);
      refresh();
    } catch (e) {
      notifyError(notify, e);
    }
  };
  return (
    <Stack spacing={2}>
      {links.isFetching ? <LinearProgress /> : null}
      {links.isError ? (
        <Alert severity="error">{errorMessage(links.error, translate('resources.teams.messages.load_failed'))}</Alert>
      ) : links.data && !links.data.length ? (
        <Alert severity="info">{translate('resources.teams.messages.no_links')}</Alert>
      ) : links.data ? (
        <Table size="small" aria-label={translate('resources.teams.links_title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.teams.fields.companyName')}</TableCell>
              <TableCell>{translate('resources.teams.fields.duties')}</TableCell>
              <TableCell align="right">{translate('resources.teams.actions.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {links.data.map((l) => (
              <LinkRow key={`${l.id}-${l.duties.join()}`} link={l} systemId={systemId} onChanged={refresh} />
            ))}
          </TableBody>
        </Table>
      ) : null}
      <Typography variant="subtitle2">{translate('resources.teams.actions.link_team')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField select size="small" sx={{ minWidth: 260 }} label={translate('resources.teams.name', { smart_count: 1 })} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
          {(teams.data ?? []).filter((t) => !linked.has(t.id)).map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.companyName}
            </MenuItem>
          ))}
        </TextField>
        <DutiesSelect id="new-link-duties" value={duties} onChange={setDuties} />
        <Button variant="contained" disabled={!teamId || !duties.length} onClick={() => void add()}>
          {translate('resources.teams.actions.link')}
        </Button>
      </Stack>
    </Stack>
  );
}
