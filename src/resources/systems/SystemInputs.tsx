import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteArrayInput,
  BooleanInput,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextArrayInput,
  TextInput,
  useDataProvider,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { SYSTEM_KINDS, systemTypesFor, type SystemKind } from '@/api/systemCodes';
import type { AppDataProvider } from '@/dataProviders';
import { GeoCascade } from './GeoCascade';
import { PinMap } from './PinMap';
import { systemStatusChoices, systemTypeChoices, useLookups, useT } from './shared';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, columnGap: 2, width: '100%' };
const wide = { gridColumn: '1 / -1' };

/** Sizes as the form holds them ({ sizeId, width?, height? }) ⇄ the picker's ids. */
const sizeIds = (sizes: unknown) => (Array.isArray(sizes) ? sizes.map((s: { sizeId: number }) => s.sizeId) : []);
const sizesOf = (ids: unknown) => (Array.isArray(ids) ? ids.map((sizeId: number) => ({ sizeId })) : []);

function KindAndType() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { setValue, getValues } = useFormContext();
  const type = useWatch({ name: 'type' }) as SystemKind;
  const sizes = useQuery({
    queryKey: ['systems', 'systemSizes', type],
    queryFn: () => dataProvider.systemSizes('systems', { type }),
    enabled: Boolean(type),
    staleTime: Infinity,
  });
  return (
    <Box sx={grid}>
      <RadioButtonGroupInput
        source="type"
        choices={SYSTEM_KINDS.map((k) => ({ id: k, name: k }))}
        translateChoice={false}
        onChange={(e: { target?: { value?: string } }) => {
          const kind = e?.target?.value as SystemKind;
          if (!(systemTypesFor(kind) as readonly string[]).includes(getValues('systemType')))
            setValue('systemType', null, { shouldDirty: true });
          setValue('sizes', [], { shouldDirty: true });
        }}
      />
      <SelectInput source="systemType" isRequired choices={systemTypeChoices(systemTypesFor(type))} translateChoice={false} />
      <SelectInput source="status" choices={systemStatusChoices()} translateChoice={false} />
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'span 2' } }}>
        <TextInput source="name" isRequired />
      </Box>
      <CodeInput />
      <Box sx={wide}>
        <AutocompleteArrayInput
          source="sizes"
          choices={sizes.data ?? []}
          format={sizeIds}
          parse={sizesOf}
          isPending={sizes.isPending}
        />
      </Box>
    </Box>
  );
}

function CodeInput() {
  const t = useT();
  return (
    <TextInput
      source="code"
      parse={(v: string) => (v ? v.toUpperCase() : null)}
      helperText={t('form.code_help')}
    />
  );
}

function Contracts() {
  const t = useT();
  const { lookups } = useLookups();
  return (
    <Box sx={grid}>
      <SelectInput source="leaseId" label="resources.systems.fields.lease" choices={lookups?.leases ?? []} emptyText={t('form.none')} />
      <SelectInput source="areaId" label="resources.systems.fields.area" choices={lookups?.areas ?? []} emptyText={t('form.none')} />
      <AutocompleteArrayInput source="mediaOwnerIds" label="resources.systems.fields.mediaOwners" choices={lookups?.mediaOwners ?? []} />
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'span 2' } }}>
        <AutocompleteArrayInput
          source="authorizationIds"
          label="resources.systems.fields.authorizations"
          choices={lookups?.authorizations ?? []}
        />
      </Box>
      <TextArrayInput source="domains" helperText={t('form.domains_help')} />
      <BooleanInput source="illuminated" />
      <NumberInput source="faces" min={1} />
      <Box sx={wide}>
        <TextInput source="notes" multiline minRows={2} />
      </Box>
    </Box>
  );
}

/** The system's fields, shared by create and edit; validation is the form's resolver (systemSchema.ts). */
export function SystemInputs({ creating }: { creating: boolean }) {
  const t = useT();
  return (
    <Box sx={{ width: '100%' }}>
      <KindAndType />
      <Typography variant="subtitle1" component="h2" sx={{ mt: 1 }}>
        {t('form.position')}
      </Typography>
      <GeoCascade creating={creating} />
      <PinMap />
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {t('form.contracts')}
      </Typography>
      <Contracts />
    </Box>
  );
}
