import {
  AutocompleteInput,
  DateInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import { Box } from '@mui/material';
import { campaignStatusChoices } from './shared';

/** The campaign's fields, shared by create and edit; validation is the form's resolver (shared.ts). */
export function CampaignInputs() {
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
      <SelectInput source="status" choices={campaignStatusChoices} />
      <NumberInput source="budget" min={0} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextInput source="description" multiline minRows={3} />
      </Box>
    </Box>
  );
}
