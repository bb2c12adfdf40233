import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, IconButton, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LinkIcon from '@mui/icons-material/Link';
import {
  AutocompleteInput,
  Confirm,
  DataTable,
  FormDataConsumer,
  FunctionField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useDelete,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { AppSimpleForm } from '@/forms/unsavedChanges';
import { PageHeading } from '@/ui/FormPage';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { codeLabel } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { PROVIDER_TYPE_LABELS, useProviderTypeChoices } from '@/ui/providerTypes';
import { SystemTeamLinks, TeamLinkDialog } from '@/ui/TeamLinks';
import type { Team } from './providerTypes';
import { TeamDialog } from './TeamDialog';
import { ListPage } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const exportColumns: ExportColumn<Team>[] = [
  { label: 'resources.teams.fields.companyName', value: (t) => t.companyName },
  { label: 'resources.teams.fields.vat', value: (t) => t.vat },
  { label: 'resources.teams.fields.address', value: (t) => t.address },
  {
    label: 'resources.teams.fields.providerType',
    value: (t) => t.providerType.map((p) => codeLabel(PROVIDER_TYPE_LABELS, p)).join(', '),
  },
  { label: 'resources.teams.fields.mail', value: (t) => t.mail },
  { label: 'resources.teams.fields.phone', value: (t) => t.phone },
];

/** A row's actions: link a system, edit, delete (after confirmation). */
function TeamActions({ onEdit, onLink }: { onEdit: (t: Team) => void; onLink: (t: Team) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const team = useRecordContext<Team>();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete<Team>();
  if (!team) return null;
  const name = team.companyName;
  const action = (key: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={translate(key, { name })}>
      <IconButton aria-label={translate(key, { name })} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Box sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
      {action('resources.teams.actions.link_one', <LinkIcon />, () => onLink(team))}
      {action('resources.teams.actions.edit_one', <EditIcon />, () => onEdit(team))}
      {action('resources.teams.actions.delete_one', <DeleteIcon />, () => setConfirming(true))}
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={translate('resources.teams.messages.delete_title', { name })}
        content={translate('resources.teams.messages.delete_content')}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove(
            'teams',
            { id: team.id, previousData: team },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setConfirming(false);
                notify('resources.teams.messages.deleted', { type: 'success', messageArgs: { name } });
              },
              onError: (e) => {
                setConfirming(false);
                failure(e);
              },
            },
          )
        }
      />
    </Box>
  );
}

/** The teams: the list body's filters, sorted by company name, exported whole; create, edit, link, delete. */
function TeamsList() {
  const translate = useTranslate();
  const types = useProviderTypeChoices();
  const [editing, setEditing] = useState<{ team?: Team; key: number } | null>(null);
  const [linking, setLinking] = useState<Team>();
  const open = (team?: Team) => setEditing((e) => ({ team, key: (e?.key ?? 0) + 1 }));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    ...(['companyName', 'address', 'vat', 'mail', 'phone'] as const).map((f) => <TextInput key={f} source={f} />),
    <SelectInput key="providerType" source="providerType" choices={types} />,
  ];
  return (
    <>
      <ListPage
        resource="teams"
        filters={filters}
        sort={{ field: 'companyName', order: 'ASC' }}
        actions={
          <TopToolbar>
            <ListViewButtons />
            <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => open()}>
              {translate('resources.teams.actions.create')}
            </Button>
            <ExportAllButton columns={exportColumns} fileName="squadre" />
          </TopToolbar>
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="companyName" />
          <DataTable.Col source="vat" disableSort />
          <DataTable.Col source="address" disableSort />
          <DataTable.Col source="providerType" disableSort>
            <FunctionField<Team>
              render={(t) =>
                t.providerType.map((p) => (
                  <Chip key={p} size="small" sx={{ mr: 0.5 }} label={codeLabel(PROVIDER_TYPE_LABELS, p)} />
                ))
              }
            />
          </DataTable.Col>
          <DataTable.Col source="mail" disableSort />
          <DataTable.Col source="phone" disableSort />
          <DataTable.Col label="resources.teams.actions.actions" disableSort>
            <TeamActions onEdit={open} onLink={setLinking} />
          </DataTable.Col>
        </DataTable>
      </ListPage>
      {editing ? (
        <TeamDialog
          key={editing.key}
          open
          team={editing.team}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
      <TeamLinkDialog key={linking?.id ?? 'none'} side={linking ? { team: linking } : undefined} onClose={() => setLinking(undefined)} />
    </>
  );
}

/** A system chosen by its code, name or address, and its teams. */
function LinksBySystem() {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <AppSimpleForm toolbar={false} warnWhenUnsavedChanges={false} sx={{ p: 0 }}>
          <ReferenceInput source="systemId" reference="systems">
            <AutocompleteInput label="resources.teams.fields.system" fullWidth={false} sx={{ minWidth: 360 }} />
          </ReferenceInput>
          <FormDataConsumer<{ systemId?: number }>>
            {({ formData }) =>
              formData.systemId ? (
                <Box sx={{ width: '100%' }}>
                  <SystemTeamLinks systemId={Number(formData.systemId)} />
                </Box>
              ) : (
                <Typography color="text.secondary">{translate('resources.teams.messages.pick_system')}</Typography>
              )
            }
          </FormDataConsumer>
        </AppSimpleForm>
      </CardContent>
    </Card>
  );
}

/** /providers/manage: the provider teams and their links to systems. */
export default function TeamsPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  return (
    <>
      <PageHeading title={translate('resources.teams.name', { smart_count: 2 })} />
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }}>
        <Tab label={translate('resources.teams.tabs.teams')} />
        <Tab label={translate('resources.teams.tabs.links')} />
      </Tabs>
      <Stack>{tab === 0 ? <TeamsList /> : <LinksBySystem />}</Stack>
    </>
  );
}
