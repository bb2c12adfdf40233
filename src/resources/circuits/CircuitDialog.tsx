import { DialogContent, DialogTitle } from '@mui/material';
import {
  AutocompleteInput,
  ReferenceInput,
  TextInput,
  useCreate,
  useNotify,
  useTranslate,
} from 'react-admin';
import { AppSimpleForm, DialogFormToolbar, FormDialog } from '@/forms/unsavedChanges';
import { submissionErrors } from '@/ui/submissionErrors';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { circuitSchema, type Circuit, type CircuitType } from './shared';

const resolver = schemaResolver(circuitSchema);

interface Props {
  open: boolean;
  type: CircuitType;
  onClose: () => void;
  onCreated: (circuit: Circuit) => void;
}

/** Create a circuit: its name, and for DOOH the playlist and the show its players run. */
export function CircuitDialog({ open, type, onClose, onCreated }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const [create] = useCreate<Circuit>();
  // A refusal keeps what was typed and puts the violations under their fields.
  const submit = (values: Record<string, unknown>) =>
    create(
      'circuits',
      { data: { ...values, type }, meta: { type } },
      {
        returnPromise: true,
        onSuccess: (circuit) => {
          notify('resources.circuits.messages.created', {
            type: 'success',
            messageArgs: { name: circuit.name },
          });
          onCreated(circuit);
        },
        onError: failure,
      },
    ).then(
      () => undefined,
      (error: unknown) => submissionErrors(error),
    );
  return (
    <FormDialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="circuit-dialog-title">
      <DialogTitle id="circuit-dialog-title">
        {translate('resources.circuits.actions.create_type', { type })}
      </DialogTitle>
      <DialogContent>
        <AppSimpleForm
          resource="circuits"
          record={{ type }}
          resolver={resolver}
          onSubmit={submit}
          sx={{ p: 0 }}
          toolbar={<DialogFormToolbar />}
        >
          <TextInput source="name" autoFocus />
          {type === 'DOOH' ? (
            <>
              <ReferenceInput source="playlistId" reference="playlists">
                <AutocompleteInput label="resources.circuits.fields.playlistId" optionText="name" />
              </ReferenceInput>
              <ReferenceInput source="showId" reference="shows">
                <AutocompleteInput label="resources.circuits.fields.showId" optionText="name" />
              </ReferenceInput>
            </>
          ) : null}
        </AppSimpleForm>
      </DialogContent>
    </FormDialog>
  );
}
