import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import {
  AutocompleteInput,
  Confirm,
  DataTable,
  FunctionField,
  ListContextProvider,
  ReferenceInput,
  SaveButton,
  SelectArrayInput,
  Toolbar,
  useDataProvider,
  useList,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { failureMessage } from '@/api/failures';
import type { SchemaSystemProvider, SchemaSystemProviderInput } from '@/api/generated/systems';
import type { AppDataProvider } from '@/dataProviders';
import { AppSimpleForm, DialogCancelButton, FormDialog } from '@/forms/unsavedChanges';
import { codeLabel } from '@/ui/format';
import { submissionErrors } from '@/ui/submissionErrors';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { dutiesSchema, linkToTeamSchema, PROVIDER_TYPE_LABELS, useProviderTypeChoices } from './providerTypes';

type Link = SchemaSystemProvider;
const dutiesResolver = schemaResolver(dutiesSchema);
const linkResolver = schemaResolver(linkToTeamSchema);

/** Writes on the links of one system; each refreshes every team query (the links are keyed under `teams`). */
function useLinkWrite<P>(write: (params: P) => Promise<unknown>, message: string) {
  const notify = useNotify();
  const failure = useFailure();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (_r, params) => {
      notify(message, { type: 'success', messageArgs: params as Record<string, unknown> });
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
    },
    onError: failure,
  });
}

const teamName = (l: Link) => l.team?.companyName ?? String(l.teamId);

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
    'resources.teams.messages.duties_saved',
  );
  const unlink = useLinkWrite(
    (p: { name: string; id: number }) => dataProvider.deleteSystemProvider('teams', { id: p.id }),
    'resources.teams.messages.unlinked',
  );
  if (!link) return null;
  const name = teamName(link);
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={translate('resources.teams.actions.save_duties')}>
        <IconButton aria-label={translate('resources.teams.actions.save_duties')} onClick={() => setEditing(true)}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('resources.teams.actions.unlink', { name })}>
        <IconButton aria-label={translate('resources.teams.actions.unlink', { name })} onClick={() => setConfirming(true)}>
          <LinkOffIcon />
        </IconButton>
      </Tooltip>
      <FormDialog open={editing} onClose={() => setEditing(false)} fullWidth maxWidth="xs" aria-labelledby={`duties-${link.id}`}>
        <DialogTitle id={`duties-${link.id}`}>{name}</DialogTitle>
        <DialogContent>
          <AppSimpleForm
            record={{ duties: link.duties }}
            resolver={dutiesResolver}
            onSubmit={(v: Record<string, unknown>) =>
              save
                .mutateAsync({ name, id: link.id, data: { systemId, teamId: link.teamId, duties: v.duties as Link['duties'] } })
                .then(() => setEditing(false), submissionErrors)
            }
            sx={{ p: 0 }}
            toolbar={
              <Toolbar sx={{ gap: 1 }}>
                <DialogCancelButton />
                <SaveButton />
              </Toolbar>
            }
          >
            <SelectArrayInput source="duties" label="resources.teams.fields.duties" choices={duties} />
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

/** The teams of one system with their duties: change the duties, unlink, link another team. */
export function SystemLinks({ systemId }: { systemId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const duties = useProviderTypeChoices();
  const [formKey, setFormKey] = useState(0);
  const links = useQuery({
    queryKey: ['teams', 'systemProviders', systemId],
    queryFn: () => dataProvider.systemProviders('teams', { systemId }),
  });
  const list = useList<Link>({ data: links.data ?? [], isPending: links.isPending, sort: { field: 'id', order: 'ASC' } });
  const add = useLinkWrite(
    (data: SchemaSystemProviderInput) => dataProvider.createSystemProvider('teams', { data }),
    'resources.teams.messages.linked_team',
  );
  return (
    <Stack spacing={2}>
      {links.error ? (
        <Alert severity="error">{failureMessage(links.error)}</Alert>
      ) : links.data && !links.data.length ? (
        <Alert severity="info">{translate('resources.teams.messages.no_links')}</Alert>
      ) : (
        <ListContextProvider value={list}>
          <DataTable resource="systemProviders" bulkActionButtons={false} rowClick={false}>
            <DataTable.Col label="resources.teams.fields.companyName" source="team.companyName">
              <FunctionField<Link> render={teamName} />
            </DataTable.Col>
            <DataTable.Col label="resources.teams.fields.duties" source="duties" disableSort>
              <FunctionField<Link> render={(l) => l.duties.map((d) => codeLabel(PROVIDER_TYPE_LABELS, d)).join(', ')} />
            </DataTable.Col>
            <DataTable.Col label="resources.teams.actions.actions" disableSort>
              <LinkActions systemId={systemId} />
            </DataTable.Col>
          </DataTable>
        </ListContextProvider>
      )}
      <Typography variant="subtitle2">{translate('resources.teams.actions.link_team')}</Typography>
      <AppSimpleForm
        key={formKey}
        resolver={linkResolver}
        warnWhenUnsavedChanges={false}
        onSubmit={(v: Record<string, unknown>) =>
          add
            .mutateAsync({ ...(v as Omit<SchemaSystemProviderInput, 'systemId'>), systemId })
            .then(() => setFormKey((k) => k + 1), submissionErrors)
        }
        toolbar={false}
        sx={{ p: 0 }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <ReferenceInput source="teamId" reference="teams" sort={{ field: 'companyName', order: 'ASC' }}>
            <AutocompleteInput
              label={translate('resources.teams.name', { smart_count: 1 })}
              optionText="companyName"
              fullWidth={false}
              sx={{ minWidth: 260 }}
            />
          </ReferenceInput>
          <SelectArrayInput
            source="duties"
            label="resources.teams.fields.duties"
            choices={duties}
            sx={{ minWidth: 240 }}
          />
          <SaveButton label="resources.teams.actions.link" icon={<span />} sx={{ mt: 1 }} />
        </Stack>
      </AppSimpleForm>
    </Stack>
  );
}
