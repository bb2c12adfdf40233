import { useEffect, useMemo, useState } from 'react';
import { Box } from '@mui/material';
import {
  ArrayInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  email,
  regex,
  required,
  useRecordContext,
} from 'react-admin';
import { advertisersDataProvider } from '@/dataProviders/advertisers';
import { uniqueValidator } from './uniqueness';

type Choice = { id: string; name: string };

/** Business areas and contact roles from the service, as select choices. */
export function useAdvertiserChoices() {
  const [areas, setAreas] = useState<Choice[]>([]);
  const [roles, setRoles] = useState<Choice[]>([]);
  useEffect(() => {
    let alive = true;
    void Promise.all([advertisersDataProvider.businessAreas(), advertisersDataProvider.contactRoles()])
      .then(([a, r]) => {
        if (!alive) return;
        setAreas(a.map((x) => ({ id: x.name, name: x.name })));
        setRoles(r.map((x) => ({ id: x.name, name: x.name })));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return { areas, roles };
}

/** The advertiser's fields; the unique ones are checked against the service as the user types. */
export function AdvertiserInputs() {
  const record = useRecordContext();
  const { areas, roles } = useAdvertiserChoices();
  const validators = useMemo(
    () => ({
      name: [required(), uniqueValidator('name', record?.name as string | undefined)],
      vatNumber: [
        required(),
        regex(/^[0-9]{11}$/, 'resources.advertisers.errors.vat_format'),
        uniqueValidator('vatNumber', record?.vatNumber as string | undefined),
      ],
      fiscalCode: [
        regex(
          /^([0-9]{11}|[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z])$/,
          'resources.advertisers.errors.fiscal_format',
        ),
        uniqueValidator('fiscalCode', record?.fiscalCode as string | undefined),
      ],
      email: [required(), email(), uniqueValidator('email', record?.email as string | undefined)],
    }),
    [record?.name, record?.vatNumber, record?.fiscalCode, record?.email],
  );
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}
    >
      <TextInput source="name" validate={validators.name} />
      <SelectInput source="businessArea" choices={areas} validate={required()} />
      <TextInput source="vatNumber" validate={validators.vatNumber} />
      <TextInput
        source="fiscalCode"
        validate={validators.fiscalCode}
        parse={(v: string) => v?.toUpperCase()}
      />
      <TextInput source="email" type="email" validate={validators.email} />
      <TextInput
        source="phone"
        validate={regex(/^\+?[0-9][0-9 ]{5,19}$/, 'resources.advertisers.errors.phone_format')}
      />
      <TextInput source="address" />
      <TextInput source="city" />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ArrayInput source="roles">
          <SimpleFormIterator inline>
            <TextInput source="name" label="resources.advertisers.fields.contactName" validate={required()} />
            <SelectInput
              source="role"
              label="resources.advertisers.fields.contactRole"
              choices={roles}
              validate={required()}
            />
            <TextInput source="email" label="resources.advertisers.fields.contactEmail" validate={email()} />
          </SimpleFormIterator>
        </ArrayInput>
      </Box>
    </Box>
  );
}
