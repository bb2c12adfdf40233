import { useEffect, useMemo, useState } from 'react';
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import {
  ArrayInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useRecordContext,
  type SimpleFormProps,
} from 'react-admin';
import { z } from 'zod';
import type { SchemaUniqueField } from '@/api/generated/advertiser';
import { createAdvertiserBody } from '@/api/generated/advertiser.zod';
import type { AppDataProvider } from '@/dataProviders';
import { AppSimpleForm } from '@/forms/unsavedChanges';
import { schemaResolver } from '@/ui/validation';
import { uniqueValidator, type UniquenessCheck } from './uniqueness';

/** Blank and null values, also inside contact people, are absent: the document's optional fields refuse null. */
function blanksDropped(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(blanksDropped);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== '')
      .map(([k, v]) => [k, blanksDropped(v)]),
  );
}

/** The advertiser's body from advertiser.yaml (maxLength, patterns, e-mail, required). */
const advertiserSchema = z.preprocess(blanksDropped, createAdvertiserBody);

const UNIQUE_FIELDS: SchemaUniqueField[] = ['name', 'vatNumber', 'fiscalCode', 'email'];

/**
 * The document's rules, then, on the fields that pass them, the service's uniqueness check (a
 * resolver replaces field-level validators, so the check runs here).
 *
 * As a field is typed (`options.names` holds it), the resolver answers at once with what is known:
 * the form publishes its state (dirty, the other errors) only when its resolver has answered, and a
 * form waiting on the service for each key would let a link followed right after the typing leave
 * without asking about the unsaved changes. The check runs meanwhile; when it answers,
 * `checked(field)` has the field validated again, and the answer is known. A save (no `names`)
 * waits for every check: a known duplicate is never sent.
 */
function advertiserResolver(
  check: UniquenessCheck,
  own: Partial<Record<SchemaUniqueField, string>>,
  checked: (field: SchemaUniqueField) => void,
): Resolver<FieldValues> {
  const base = schemaResolver(advertiserSchema);
  const validators = UNIQUE_FIELDS.map(
    (field) => [field, uniqueValidator(field, own[field], check)] as const,
  );
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const errors: FieldErrors = { ...result.errors };
    const typing = options.names;
    const taken = await Promise.all(
      validators.map(async ([field, validate]) => {
        if (errors[field]) return [field, undefined] as const;
        if (!typing) return [field, await validate(values[field])] as const;
        if (typing.includes(field) && validate.unknown(values[field])) {
          const value = values[field];
          void validate(value).then(() => {
            if (!validate.unknown(value)) checked(field);
          });
        }
        return [field, validate.known(values[field])] as const;
      }),
    );
    for (const [field, message] of taken) if (message) errors[field] = { type: 'unique', message };
    return Object.keys(errors).length ? { values: {}, errors } : result;
  };
}

/** The form's `trigger`, handed to the resolver made outside the form (AdvertiserForm). */
class Retrigger {
  private run: ((field: SchemaUniqueField) => void) | null = null;

  /** Holds `run` until the returned function lets it go. */
  attach(run: (field: SchemaUniqueField) => void): () => void {
    this.run = run;
    return () => {
      if (this.run === run) this.run = null;
    };
  }

  /** Has the form validate `field` again (nothing once the form is gone). */
  field(field: SchemaUniqueField): void {
    this.run?.(field);
  }
}

function TriggerBridge({ retrigger }: { retrigger: Retrigger }) {
  const { trigger } = useFormContext();
  useEffect(() => retrigger.attach((field) => void trigger(field)), [retrigger, trigger]);
  return null;
}

type Choice = { id: string; name: string };

/**
 * The business areas from the service (each a name). `wanted` false holds the read back: the list's
 * filter asks for them when it takes the focus or opens.
 */
export function useBusinessAreas(wanted = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['advertisers', 'businessAreas'],
    queryFn: () => dataProvider.advertiserBusinessAreas('advertisers'),
    staleTime: Infinity,
    enabled: wanted,
    select: (rows) => rows.map((x) => x.name),
  });
}

/** Business areas and contact roles from the service, as select choices (the advertiser's form). */
function useAdvertiserChoices() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const toChoices = (names: string[]): Choice[] => names.map((name) => ({ id: name, name }));
  const areas = useBusinessAreas();
  const roles = useQuery({
    queryKey: ['advertisers', 'contactRoles'],
    queryFn: () => dataProvider.advertiserContactRoles('advertisers'),
    staleTime: Infinity,
  });
  return { areas: toChoices(areas.data ?? []), roles: toChoices((roles.data ?? []).map((x) => x.name)) };
}

/** The advertiser's fields; the rules are the form's resolver (advertiserResolver). */
export function AdvertiserInputs() {
  const { areas, roles } = useAdvertiserChoices();
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}
    >
      <TextInput source="name" />
      <SelectInput source="businessArea" choices={areas} />
      <TextInput source="vatNumber" />
      <TextInput source="fiscalCode" parse={(v: string) => v?.toUpperCase()} />
      <TextInput source="email" type="email" />
      <TextInput source="phone" />
      <TextInput source="address" />
      <TextInput source="city" />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ArrayInput source="roles">
          <SimpleFormIterator inline>
            <TextInput source="name" label="resources.advertisers.fields.contactName" />
            <SelectInput source="role" label="resources.advertisers.fields.contactRole" choices={roles} />
            <TextInput source="email" label="resources.advertisers.fields.contactEmail" />
          </SimpleFormIterator>
        </ArrayInput>
      </Box>
    </Box>
  );
}

/** The advertiser's form (create and edit): its inputs under the document's rules and the uniqueness checks. */
export function AdvertiserForm(props: Omit<SimpleFormProps, 'children' | 'resolver'>) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [retrigger] = useState(() => new Retrigger());
  const resolver = useMemo(
    () =>
      advertiserResolver(
        (field, value) => dataProvider.checkAdvertiserUnicity('advertisers', { field, value }),
        {
          name: record?.name as string | undefined,
          vatNumber: record?.vatNumber as string | undefined,
          fiscalCode: record?.fiscalCode as string | undefined,
          email: record?.email as string | undefined,
        },
        (field) => retrigger.field(field),
      ),
    [dataProvider, record?.name, record?.vatNumber, record?.fiscalCode, record?.email, retrigger],
  );
  return (
    <AppSimpleForm mode="onChange" reValidateMode="onChange" {...props} resolver={resolver}>
      <TriggerBridge retrigger={retrigger} />
      <AdvertiserInputs />
    </AppSimpleForm>
  );
}
