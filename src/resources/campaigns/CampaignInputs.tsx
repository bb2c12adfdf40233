import {
  AutocompleteInput,
  DateInput,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { Box } from '@mui/material';
import { statusChoicesFrom, type Campaign } from './shared';

/** The campaign's fields, shared by create and edit; validation is the form's resolver (shared.ts). */
export function CampaignInputs() {
  // The saved status and the moves the rules allow from it; a new campaign starts planned.
  const record = useRecordContext<Campaign>();
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}
    >
      <TextInput source="name" />
      <ReferenceInput source="advertiserId" reference="advertisers">
        <AutocompleteInput />
      </ReferenceInput>
      <DateInput source="periodStart" />
      <DateInput source="periodEnd" />
      {/* Always set: no empty choice (the form's resolver checks it). */}
      <SelectInput
        source="status"
        choices={statusChoicesFrom(record?.status ?? 'planned')}
        validate={required()}
      />
      <NumberInput source="budget" min={0} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextInput source="description" multiline minRows={3} />
      </Box>
    </Box>
  );
}
