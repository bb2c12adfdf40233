import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, Box, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';
import { PageHeader } from './PageHeader';
import { useDistinct } from './useDistinct';
import { DetectionSend } from './DetectionSend';

type By = 'subject' | 'brandName';
const ALL_BRANDS = '';

/**
 * /media/monitor/secretariat-mail: the detections of a brand, or of a subject (and one of its
 * brands, from the subject's brand list), to review and send to the secretariat the lookup names,
 * export, or schedule.
 */
export function SecretariatMailPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [by, setBy] = useState<By>('subject');
  const [value, setValue] = useState<string | null>(null);
  const [brand, setBrand] = useState<string>(ALL_BRANDS);
  const values = useDistinct(by);
  const brands = useQuery({
    queryKey: ['sends', 'brandsOfSubject', value],
    queryFn: () => dataProvider.brandsOfSubject('sends', { subject: value! }),
    enabled: by === 'subject' && Boolean(value),
  });
  const brandName = by === 'brandName' ? value ?? undefined : brand || undefined;
  const subject = by === 'subject' ? value ?? undefined : undefined;
  const secretariat = useQuery({
    queryKey: ['sends', 'secretarialData', brandName, subject],
    queryFn: () => dataProvider.secretarialDataOf('sends', { brandName, subject }),
    enabled: Boolean(brandName || subject),
  });
  const match = value ? { ...(subject ? { subject } : {}), ...(brandName ? { brandName } : {}) } : null;
  const name = [subject, brandName].filter(Boolean).join(' · ');
  return (
    <Box>
      <PageHeader title="resources.sends.secretariat.title" />
      <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={by}
          aria-label={translate('resources.sends.secretariat.by')}
          onChange={(_e, next: By | null) => {
            if (!next) return;
            setBy(next);
            setValue(null);
            setBrand(ALL_BRANDS);
          }}
        >
          <ToggleButton value="subject">{translate('resources.sends.secretariat.by_subject')}</ToggleButton>
          <ToggleButton value="brandName">{translate('resources.sends.secretariat.by_brand')}</ToggleButton>
        </ToggleButtonGroup>
        <Autocomplete
          key={by}
          options={values.data ?? []}
          loading={values.isPending}
          value={value}
          onChange={(_e, next) => {
            setValue(next);
            setBrand(ALL_BRANDS);
          }}
          sx={{ width: 360, maxWidth: '100%' }}
          size="small"
          renderInput={(params) => <TextField {...params} label={translate(`resources.detections.fields.${by}`)} required />}
        />
        {by === 'subject' && value ? (
          <TextField
            select
            size="small"
            label={translate('resources.sends.secretariat.brand')}
            value={brand}
            onChange={(e) => setBrand(e.target.value)}
            sx={{ width: 260 }}
            SelectProps={{ displayEmpty: true }}
            InputLabelProps={{ shrink: true }}
          >
            <MenuItem value={ALL_BRANDS}>{translate('resources.sends.secretariat.all_brands')}</MenuItem>
            {(brands.data ?? []).map((b) => (
              <MenuItem key={b} value={b}>
                {b}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Stack>
      <DetectionSend
        key={JSON.stringify(match)}
        match={match}
        recipient={secretariat.data?.email ? { label: secretariat.data.companyName, email: secretariat.data.email } : null}
        recipientPending={secretariat.isPending}
        targetOf={(period) => ({ kind: 'secretariat', request: { ...(subject ? { subject } : {}), ...(brandName ? { brandName } : {}), ...period } })}
        scheduleName={translate('resources.sends.secretariat.schedule_name', { name })}
        hint={translate(by === 'subject' ? 'resources.sends.secretariat.pick_subject' : 'resources.sends.secretariat.pick_brand')}
      />
    </Box>
  );
}
