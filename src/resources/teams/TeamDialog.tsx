import { DialogContent, DialogTitle } from '@mui/material';
import { SelectArrayInput, TextInput, useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { failureMessage, failureStatus } from '@/api/failures';
import { AppSimpleForm, DialogFormToolbar, FormDialog } from '@/forms/unsavedChanges';
import { submissionErrors } from '@/ui/submissionErrors';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { useProviderTypeChoices } from '@/ui/providerTypes';
import { teamSchema, type Team } from './providerTypes';

const resolver = schemaResolver(teamSchema);

interface Props {
  open: boolean;
  team?: Team;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a team; a refusal keeps what was typed and names the field. */
export function TeamDialog({ open, team, onClose, onSaved }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const types = useProviderTypeChoices();
  const [create] = useCreate<Team>();
  const [update] = useUpdate<Team>();
  const submit = async (values: Record<string, unknown>) => {
    const options = {
      returnPromise: true as const,
      onSuccess: () => {
        notify(team ? 'resources.teams.messages.updated' : 'resources.teams.messages.created', {
          type: 'success',
          messageArgs: { name: values.companyName },
        });
        onSaved();
      },
      onError: failure,
    };
    try {
      if (team)
        await update(
          'teams',
          { id: team.id, data: values, previousData: team },
          { ...options, mutationMode: 'pessimistic' },
        );
      else await create('teams', { data: values }, options);
    } catch (error) {
      // The document's only 409 of a team is its VAT number already in use: the message goes under it.
      return (
        submissionErrors(error) ?? (failureStatus(error) === 409 ? { vat: failureMessage(error) } : undefined)
      );
    }
  };
  return (
    <FormDialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="team-dialog-title">
      <DialogTitle id="team-dialog-title">
        {translate(team ? 'resources.teams.actions.edit' : 'resources.teams.actions.create')}
      </DialogTitle>
      <DialogContent>
        <AppSimpleForm
          resource="teams"
          record={team ?? { providerType: [] }}
          resolver={resolver}
          onSubmit={submit}
          sx={{ p: 0 }}
          toolbar={<DialogFormToolbar />}
        >
          <TextInput source="companyName" autoFocus />
          <TextInput source="vat" />
          <TextInput source="address" />
          <SelectArrayInput source="providerType" choices={types} />
          <TextInput source="mail" type="email" />
          <TextInput source="phone" />
        </AppSimpleForm>
      </DialogContent>
    </FormDialog>
  );
}
