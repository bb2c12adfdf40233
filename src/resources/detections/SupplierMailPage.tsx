import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, Box, TextField } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';
import { PageHeader } from './PageHeader';
import { useDistinct } from './useDistinct';
import { DetectionSend } from './DetectionSend';

/**
 * /media/monitor/supplier-mail: a media owner's detections of a period, to review and send to its
 * media supplier (the address the supplier lookup gives), export, or schedule.
 */
export function SupplierMailPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const owners = useDistinct('mediaOwner');
  const [mediaOwner, setMediaOwner] = useState<string | null>(null);
  const supplier = useQuery({
    queryKey: ['sends', 'mediaSupplier', mediaOwner],
    queryFn: () => dataProvider.mediaSupplierOf('sends', { mediaOwner: mediaOwner! }),
    enabled: Boolean(mediaOwner),
  });
  return (
    <Box>
      <PageHeader title="resources.sends.supplier.title" />
      <Autocomplete
        options={owners.data ?? []}
        loading={owners.isPending}
        value={mediaOwner}
        onChange={(_e, value) => setMediaOwner(value)}
        sx={{ width: 360, maxWidth: '100%', mb: 1 }}
        size="small"
        renderInput={(params) => <TextField {...params} label={translate('resources.detections.fields.mediaOwner')} required />}
      />
      <DetectionSend
        key={mediaOwner ?? ''}
        match={mediaOwner ? { mediaOwner } : null}
        recipient={supplier.data?.email ? { label: supplier.data.contactPerson ?? supplier.data.companyName, email: supplier.data.email } : null}
        recipientPending={supplier.isPending}
        targetOf={(period) => ({ kind: 'supplier', request: { mediaOwner: mediaOwner!, ...period } })}
        scheduleName={translate('resources.sends.supplier.schedule_name', { name: mediaOwner ?? '' })}
        hint={translate('resources.sends.supplier.pick')}
      />
    </Box>
  );
}
