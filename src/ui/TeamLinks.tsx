import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DialogContent, DialogTitle, IconButton, Stack, Tooltip } from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import EditIcon from '@mui/icons-material/Edit';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import {
  AutocompleteInput,
  Confirm,
  DataTable,
  FunctionField,
  ListContextProvider,
  ReferenceInput,
  SelectArrayInput,
  useCanAccess,
  useDataProvider,
  useList,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { failureMessage } from '@/api/failures';
import type { SchemaSystemProvider, SchemaSystemProviderInput, SchemaTeam } from '@/api/generated/systems';
import type { AppDataProvider } from '@/dataProviders';
import { AppSimpleForm, DialogFormToolbar, FormDialog } from '@/forms/unsavedChanges';
import { codeLabel } from '@/ui/format';
import {
  dutiesSchema,
  linkToSystemSchema,
  linkToTeamSchema,
  PROVIDER_TYPE_LABELS,
  useProviderTypeChoices,
} from '@/ui/providerTypes';
import { submissionErrors } from '@/ui/submissionErrors';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';

/*
 * The links between provider teams and systems (a team's duties on a system), shared by the teams
 * page (/providers/manage) and the system detail (/systems-manage/{id}). Every link query is keyed
 * under `teams`, so that each write refreshes what both pages show.
 */

type Link = SchemaSystemProvider;

/** Which side of the link the screen already knows: the team (pick a system) or the system (pick a team). */
export type LinkSide = { team: SchemaTeam } | { systemId: number };

const dutiesResolver = schemaResolver(dutiesSchema);
const teamSideResolver = schemaResolver(linkToSystemSchema);
const systemSideResolver = schemaResolver(linkToTeamSchema);

/** The query of one system's links. */
const systemLinksKey = (systemId: number) => ['teams', 'systemProviders', systemId];

const dutyLabels = (duties: string[]) => duties.map((d) => codeLabel(PROVIDER_TYPE_LABELS, d)).join(', ');
const teamName = (l: Link) => l.team?.companyName ?? String(l.teamId);

/** A write on the links: its success notification (named), the failure, the refresh of every link query. */
function useLinkWrite<P, R>(
  write: (params: P) => Promise<R>,
  message: (result: R, params: P) => [string, Record<string, unknown>],
) {
  const notify = useNotify();
  const failure = useFailure();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (result, params) => {
      const [key, args] = message(result, params);
      notify(key, { type: 'success', messageArgs: args });
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
    },
    onError: failure,
  });
}

/**
 * Link a team and a system with the team's duties (POST /team/systemProvider/create). `side` is the
 * side the caller knows; the form picks the other one by name. Open while `side` is set.
 */
export function TeamLinkDialog({ side, onClose }: { side?: LinkSide; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const duties = useProviderTypeChoices();
  const team = side && 'team' in side ? side.team : undefined;
  const link = useLinkWrite(
    async (data: SchemaSystemProviderInput) => {
      await dataProvider.createSystemProvider('teams', { data });
      // The message names both sides; the form holds only the picked one's id.
      const [{ data: system }, { data: picked }] = await Promise.all([
        dataProvider.getOne('systems', { id: data.systemId }),
        team
          ? Promise.resolve({ data: team })
          : dataProvider.getOne<SchemaTeam>('teams', { id: data.teamId }),
      ]);
      return { code: String(system.code), name: picked.companyName };
    },
    (names) => [team ? 'resources.teams.messages.linked' : 'resources.teams.messages.linked_team', names],
  );
  const submit = (v: Record<string, unknown>) => {
    const data = (
      team ? { ...v, teamId: team.id } : { ...v, systemId: side && 'systemId' in side ? side.systemId : 0 }
    ) as SchemaSystemProviderInput;
    return link.mutateAsync(data).then(onClose, submissionErrors);
  };
  const title = team
    ? translate('resources.teams.actions.link_title', { name: team.companyName })
    : translate('resources.teams.actions.link_team');
  return (
    <FormDialog
      open={Boolean(side)}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="team-link-dialog-title"
    >
      <DialogTitle id="team-link-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {side ? (
          <AppSimpleForm
            record={team ? { duties: team.providerType.slice(0, 1) } : {}}
            resolver={team ? teamSideResolver : systemSideResolver}
            onSubmit={submit}
            sx={{ p: 0 }}
            toolbar={<DialogFormToolbar label="resources.teams.actions.link" icon={<span />} />}
          >
            {team ? (
              <ReferenceInput source="systemId" reference="systems">
                <AutocompleteInput label="resources.teams.fields.system" autoFocus />
              </ReferenceInput>
            ) : (
              <ReferenceInput source="teamId" reference="teams" sort={{ field: 'companyName', order: 'ASC' }}>
                <AutocompleteInput label="resources.teams.fields.team" optionText="companyName" autoFocus />
              </ReferenceInput>
            )}
            <SelectArrayInput source="duties" label="resources.teams.fields.duties" choices={duties} />
          </AppSimpleForm>
        ) : null}
      </DialogContent>
    </FormDialog>
  );
}

/** A link's actions: change its duties (dialog), unlink (after a confirmation naming the team). */
function LinkActions({ systemId }: { systemId: number }) {
  const translate = useTranslate();
  const link = useRecordContext<Link>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const duties = useProviderTypeChoices();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const save = useLinkWrite(
    (p: { name: string; data: SchemaSystemProviderInput; id: number }) =>
      dataProvider.updateSystemProvider('teams', { id: p.id, data: p.data }),
    (_r, { name }) => ['resources.teams.messages.duties_saved', { name }],
  );
  const unlink = useLinkWrite(
    (p: { name: string; id: number }) => dataProvider.deleteSystemProvider('teams', { id: p.id }),
    (_r, { name }) => ['resources.teams.messages.unlinked', { name }],
  );
  if (!link) return null;
  const name = teamName(link);
  const editLabel = translate('resources.teams.actions.edit_duties', { name });
  const unlinkLabel = translate('resources.teams.actions.unlink', { name });
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={editLabel}>
        <IconButton aria-label={editLabel} onClick={() => setEditing(true)}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={unlinkLabel}>
        <IconButton aria-label={unlinkLabel} onClick={() => setConfirming(true)} disabled={unlink.isPending}>
          <LinkOffIcon />
        </IconButton>
      </Tooltip>
      <FormDialog
        open={editing}
        onClose={() => setEditing(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby={`duties-${link.id}`}
      >
        <DialogTitle id={`duties-${link.id}`}>
          {translate('resources.teams.actions.duties_title', { name })}
        </DialogTitle>
        <DialogContent>
          <AppSimpleForm
            record={{ duties: link.duties }}
            resolver={dutiesResolver}
            onSubmit={(v: Record<string, unknown>) =>
              save
                .mutateAsync({
                  name,
                  id: link.id,
                  data: { systemId, teamId: link.teamId, duties: v.duties as Link['duties'], lockVersion: link.lockVersion },
                })
                .then(() => setEditing(false), submissionErrors)
            }
            sx={{ p: 0 }}
            toolbar={<DialogFormToolbar />}
          >
            <SelectArrayInput
              source="duties"
              label="resources.teams.fields.duties"
              choices={duties}
              autoFocus
            />
          </AppSimpleForm>
        </DialogContent>
      </FormDialog>
      <Confirm
        isOpen={confirming}
        title={translate('resources.teams.messages.unlink_title', { name })}
        content={translate('resources.teams.messages.unlink_content')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          unlink.mutate({ name, id: link.id });
        }}
      />
    </Stack>
  );
}

/**
 * The teams of one system with their duties: link another team (TeamLinkDialog, the system side
 * fixed), change a link's duties, unlink. The writes are offered to the roles that may change teams.
 */
export function SystemTeamLinks({ systemId }: { systemId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: canWrite } = useCanAccess({ resource: 'teams', action: 'edit' });
  const [linking, setLinking] = useState(false);
  const links = useQuery({
    queryKey: systemLinksKey(systemId),
    queryFn: () => dataProvider.systemProviders('teams', { systemId }),
  });
  const list = useList<Link>({
    data: links.data ?? [],
    isPending: links.isPending,
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {links.error ? (
        <Alert severity="error">{failureMessage(links.error)}</Alert>
      ) : links.data && !links.data.length ? (
        <Alert severity="info">{translate('resources.teams.messages.no_links')}</Alert>
      ) : (
        <ListContextProvider value={list}>
          <DataTable
            resource="systemProviders"
            bulkActionButtons={false}
            rowClick={false}
            sx={{ width: '100%' }}
          >
            <DataTable.Col label="resources.teams.fields.companyName" source="team.companyName">
              <FunctionField<Link> render={teamName} />
            </DataTable.Col>
            <DataTable.Col label="resources.teams.fields.duties" source="duties" disableSort>
              <FunctionField<Link> render={(l) => dutyLabels(l.duties)} />
            </DataTable.Col>
            {canWrite ? (
              <DataTable.Col label="resources.teams.actions.actions" disableSort>
                <LinkActions systemId={systemId} />
              </DataTable.Col>
            ) : null}
          </DataTable>
        </ListContextProvider>
      )}
      {canWrite ? (
        <>
          <Button startIcon={<AddLinkIcon />} onClick={() => setLinking(true)}>
            {translate('resources.teams.actions.link_team')}
          </Button>
          <TeamLinkDialog
            key={String(linking)}
            side={linking ? { systemId } : undefined}
            onClose={() => setLinking(false)}
          />
        </>
      ) : null}
    </Stack>
  );
}
