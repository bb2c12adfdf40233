import { Grid, Typography } from '@mui/material';
import {
  AutocompleteInput,
  DateInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  required,
  useGetList,
  useTranslate,
} from 'react-admin';
import { AppSimpleForm } from '@/forms/unsavedChanges';
import type { SchemaDistinctField, SchemaSubItemTypeName } from '@/api/generated/audit';
import { schemaResolver } from '@/ui/validation';
import { leadStatusChoices } from './leadStatus';
import { detectionSchema, SUB_ITEM_TYPES, type SubItemRecord } from './shared';
import { useDistinct } from './useDistinct';

const detectionResolver = schemaResolver(detectionSchema);

/** A free text input that suggests the values already used (distinct/{field}). */
function SuggestedTextInput({
  source,
  field,
  validate,
}: {
  source: string;
  field: SchemaDistinctField;
  validate?: ReturnType<typeof required>[];
}) {
  const { data } = useDistinct(field);
  const listId = `suggest-${field}`;
  return (
    <>
      <TextInput
        source={source}
        validate={validate}
        fullWidth
        slotProps={{ htmlInput: { list: listId, maxLength: 200 } }}
      />
      <datalist id={listId}>
        {(data ?? []).map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
    </>
  );
}

function SubItemInput({ type }: { type: SchemaSubItemTypeName }) {
  const { data, isPending } = useGetList<SubItemRecord & { id: string }>('subItems', {
    filter: { type },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const choices = (data ?? []).map((i) => ({ id: i.itemId, name: i.name }));
  return (
    <SelectInput
      source={`items.${type}.id`}
      label={`resources.subItems.types.${type}`}
      choices={choices}
      isPending={isPending}
      emptyText="resources.detections.form.no_value"
      fullWidth
    />
  );
}

const photoFormat = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');
const photoParse = (value: string) =>
  value
    .split(/[\s,;]+/)
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0);
const validatePhotos = (value: unknown) =>
  Array.isArray(value) && value.some((n) => !Number.isInteger(n) || n < 1)
    ? 'resources.detections.form.bad_photos'
    : undefined;

/** The fields of a detection: who, what, where, when, photos, sub-items, lead status, notes. */
export function DetectionForm({ mode }: { mode: 'create' | 'edit' }) {
  const translate = useTranslate();
  const section = (key: string) => (
    <Typography variant="subtitle1" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
      {translate(`resources.detections.form.${key}`)}
    </Typography>
  );
  return (
    <AppSimpleForm
      defaultValues={mode === 'create' ? { leadStatus: 'none', photoIds: [] } : undefined}
      resolver={detectionResolver}
      warnWhenUnsavedChanges
    >
      {section('what')}
      <Grid container spacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <DateInput source="detectionDate" validate={required()} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <SuggestedTextInput source="mediaOwner" field="mediaOwner" validate={[required()]} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SuggestedTextInput source="brandName" field="brandName" validate={[required()]} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SuggestedTextInput source="subject" field="subject" validate={[required()]} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ReferenceInput
            source="agentId"
            reference="agents"
            sort={{ field: 'surname', order: 'ASC' }}
            perPage={1000}
          >
            <AutocompleteInput optionText="fullName" label="resources.detections.fields.agent" fullWidth />
          </ReferenceInput>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SelectInput source="leadStatus" choices={leadStatusChoices} validate={required()} fullWidth />
        </Grid>
      </Grid>
      {section('where')}
      <Grid container spacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextInput source="address" validate={maxLength(300)} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SuggestedTextInput source="municipality" field="municipality" validate={[required()]} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <NumberInput source="latitude" validate={[minValue(-90), maxValue(90)]} step={0.0001} fullWidth />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <NumberInput
            source="longitude"
            validate={[minValue(-180), maxValue(180)]}
            step={0.0001}
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextInput source="format" validate={maxLength(100)} fullWidth />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextInput source="mediaType" validate={maxLength(100)} fullWidth />
        </Grid>
      </Grid>
      {section('items')}
      <Grid container spacing={2} sx={{ width: '100%' }}>
        {SUB_ITEM_TYPES.map((type) => (
          <Grid key={type} size={{ xs: 12, md: 4 }}>
            <SubItemInput type={type} />
          </Grid>
        ))}
      </Grid>
      {section('photos')}
      <TextInput
        source="photoIds"
        format={photoFormat}
        parse={photoParse}
        validate={validatePhotos}
        helperText="resources.detections.form.photos_help"
        fullWidth
      />
      <TextInput source="notes" multiline minRows={2} validate={maxLength(2000)} fullWidth />
    </AppSimpleForm>
  );
}
