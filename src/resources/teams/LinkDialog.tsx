import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DialogContent, DialogTitle } from '@mui/material';
import {
  AutocompleteInput,
  ReferenceInput,
  SaveButton,
  SelectArrayInput,
  Toolbar,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { SchemaSystemProviderInput } from '@/api/generated/systems';
import type { AppDataProvider } from '@/dataProviders';
import { AppSimpleForm, DialogCancelButton, FormDialog } from '@/forms/unsavedChanges';
import { submissionErrors } from '@/ui/submissionErrors';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { linkToSystemSchema, useProviderTypeChoices, type Team } from './providerTypes';

const resolver = schemaResolver(linkToSystemSchema);

/** Link a system to a team with its duties (POST /team/systemProvider/create). */
export function LinkDialog({ team, onClose }: { team?: Team; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const duties = useProviderTypeChoices();
  const link = useMutation({
    mutationFn: async (data: SchemaSystemProviderInput) => {
      const created = await dataProvider.createSystemProvider('teams', { data });
      const { data: system } = await dataProvider.getOne('systems', { id: data.systemId });
      return { created, code: String(system.code) };
    },
    onSuccess: ({ code }) => {
      notify('resources.teams.messages.linked', { type: 'success', messageArgs: { code, name: team?.companyName } });
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
      onClose();
    },
    onError: failure,
  });
  return (
    <FormDialog open={Boolean(team)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="link-dialog-title">
      <DialogTitle id="link-dialog-title">
        {translate('resources.teams.actions.link_title', { name: team?.companyName ?? '' })}
      </DialogTitle>
      <DialogContent>
        {team ? (
          <AppSimpleForm
            record={{ duties: team.providerType.slice(0, 1) }}
            resolver={resolver}
            onSubmit={(v: Record<string, unknown>) =>
              link
                .mutateAsync({ ...(v as Omit<SchemaSystemProviderInput, 'teamId'>), teamId: team.id })
                .then(() => undefined, submissionErrors)
            }
            sx={{ p: 0 }}
            toolbar={
              <Toolbar sx={{ gap: 1 }}>
                <DialogCancelButton />
                <SaveButton label="resources.teams.actions.link" icon={<span />} />
              </Toolbar>
            }
          >
            <ReferenceInput source="systemId" reference="systems">
              <AutocompleteInput label="resources.teams.fields.system" />
            </ReferenceInput>
            <SelectArrayInput source="duties" label="resources.teams.fields.duties" choices={duties} />
          </AppSimpleForm>
        ) : null}
      </DialogContent>
    </FormDialog>
  );
}
