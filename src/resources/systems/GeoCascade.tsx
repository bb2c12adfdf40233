import { useEffect } from 'react';
import PlaceIcon from '@mui/icons-material/Place';
import { Box, Button, CircularProgress } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { AutocompleteInput, NumberInput, SelectInput, TextInput, useDataProvider, useNotify } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AppDataProvider } from '@/dataProviders';
import { useFailure } from '@/ui/useFailure';
import { useT } from './shared';

const quiet = { shouldDirty: false } as const;
const changed = { shouldDirty: true } as const;

/**
 * The address: region → province → municipality → CAP from the geo service (a level opens once the
 * one above is chosen), the street, and the position from the address (geocoding). The form keeps
 * the province's code in `provinceCode` for the cascade; the system stores the province's name.
 */
export function GeoCascade({ creating }: { creating: boolean }) {
  const t = useT();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { setValue, getValues } = useFormContext();
  const [region, provinceCode, province, municipalityId, zipCode, code] = useWatch({
    name: ['region', 'provinceCode', 'province', 'municipalityId', 'zipCode', 'code'],
  }) as (string | undefined)[];

  const regions = useQuery({
    queryKey: ['systems', 'geoRegions'],
    queryFn: () => dataProvider.geoRegions('systems'),
    staleTime: Infinity,
  });
  const provinces = useQuery({
    queryKey: ['systems', 'geoProvinces', region],
    queryFn: () => dataProvider.geoProvinces('systems', { region: region! }),
    enabled: Boolean(region),
    staleTime: Infinity,
  });
  const municipalities = useQuery({
    queryKey: ['systems', 'geoMunicipalities', provinceCode],
    queryFn: () => dataProvider.geoMunicipalities('systems', { province: provinceCode! }),
    enabled: Boolean(provinceCode),
    staleTime: Infinity,
  });
  const zips = useQuery({
    queryKey: ['systems', 'geoZipCodes', municipalityId],
    queryFn: () => dataProvider.geoZipCodes('systems', { istatCode: municipalityId! }),
    enabled: Boolean(municipalityId),
    staleTime: Infinity,
  });
  const preview = useQuery({
    queryKey: ['systems', 'systemCodePreview', provinceCode],
    queryFn: () => dataProvider.systemCodePreview('systems', { province: provinceCode! }),
    enabled: creating && Boolean(provinceCode),
  });

  // An edited system knows its province by name: find the code the cascade needs.
  useEffect(() => {
    if (provinceCode || !province || !provinces.data) return;
    const found = provinces.data.find((p) => p.name === province);
    if (found) setValue('provinceCode', found.code, quiet);
  }, [provinceCode, province, provinces.data, setValue]);

  // A municipality with one CAP (or a CAP that is not its own) takes its first CAP.
  useEffect(() => {
    if (!zips.data?.length || (zipCode && zips.data.includes(zipCode))) return;
    setValue('zipCode', zips.data[0], quiet);
  }, [zips.data, zipCode, setValue]);

  const geocode = useMutation({
    mutationFn: () => {
      const [address, zip, istat] = getValues(['address', 'zipCode', 'municipalityId']) as string[];
      const municipality = municipalities.data?.find((m) => m.istatCode === istat)?.name;
      const query = [address, zip, municipality, provinceCode].filter(Boolean).join(', ');
      return dataProvider.geocodeSystemAddress('systems', { address: query });
    },
    onSuccess: (found) => {
      if (!found.length) return notify('resources.systems.form.geocode_none', { type: 'warning' });
      setValue('latitude', found[0].latitude, { ...changed, shouldValidate: true });
      setValue('longitude', found[0].longitude, { ...changed, shouldValidate: true });
    },
    onError: failure,
  });

  const half = { xs: '1 / -1', md: 'span 1' };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' }, columnGap: 2, width: '100%' }}>
      <SelectInput
        source="region"
        isRequired
        choices={(regions.data ?? []).map((r) => ({ id: r.name, name: r.name }))}
        isPending={regions.isPending}
        onChange={() => {
          for (const f of ['province', 'provinceCode', 'municipalityId', 'zipCode']) setValue(f, null, changed);
        }}
        sx={{ gridColumn: half }}
      />
      <SelectInput
        source="provinceCode"
        label="resources.systems.fields.province"
        isRequired
        disabled={!provinces.data?.length}
        choices={(provinces.data ?? []).map((p) => ({ id: p.code, name: p.name }))}
        onChange={(e: { target?: { value?: string } }) => {
          setValue('province', provinces.data?.find((p) => p.code === e?.target?.value)?.name ?? null, changed);
          for (const f of ['municipalityId', 'zipCode']) setValue(f, null, changed);
        }}
        sx={{ gridColumn: half }}
      />
      <AutocompleteInput
        source="municipalityId"
        isRequired
        disabled={!municipalities.data?.length}
        choices={(municipalities.data ?? []).map((m) => ({ id: m.istatCode, name: m.name }))}
        onChange={() => setValue('zipCode', null, changed)}
        sx={{ gridColumn: half }}
      />
      <SelectInput
        source="zipCode"
        disabled={!zips.data?.length}
        choices={(zips.data ?? []).map((z) => ({ id: z, name: z }))}
        sx={{ gridColumn: half }}
      />
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'span 2' } }}>
        <TextInput source="address" isRequired />
      </Box>
      <NumberInput source="latitude" isRequired step="any" sx={{ gridColumn: half }} />
      <NumberInput source="longitude" isRequired step="any" sx={{ gridColumn: half }} />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={geocode.isPending ? <CircularProgress size={16} /> : <PlaceIcon />}
          onClick={() => {
            if (!getValues('address')) return notify('resources.systems.validation.required', { type: 'warning' });
            geocode.mutate();
          }}
          disabled={geocode.isPending}
        >
          {t('form.geocode')}
        </Button>
        {creating && !code && preview.data ? <span>{t('form.code_preview', { code: preview.data })}</span> : null}
      </Box>
    </Box>
  );
}
