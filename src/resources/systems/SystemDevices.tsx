import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import AddLinkIcon from '@mui/icons-material/AddLink';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Button, DialogContent, DialogTitle, Typography } from '@mui/material';
import { z } from 'zod';
import {
  AutocompleteInput,
  Confirm,
  ReferenceInput,
  useCanAccess,
  useDataProvider,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { SchemaDevice as Device } from '@/api/generated/device';
import { createDeviceBody } from '@/api/generated/device.zod';
import type { SchemaSystem as System } from '@/api/generated/systems';
import type { AppDataProvider } from '@/dataProviders';
import { AppSimpleForm, DialogFormToolbar, FormDialog } from '@/forms/unsavedChanges';
import { submissionErrors } from '@/ui/submissionErrors';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { MemberTable } from './MemberTable';
import { useT } from './shared';

const pickResolver = schemaResolver(z.object({ deviceId: createDeviceBody.shape.id.unwrap() }));

/** A device in the picker: its serial and model (the serial alone is what a technician reads on the box). */
const deviceText = (d?: Device) => (d ? `${d.serial} · ${d.model}` : '');

/**
 * A write on a system's players: its success notification, the failure in Italian, the refresh of
 * every device query (the section, the in-stock picker, the players page: all keyed under `devices`).
 */
function useDeviceWrite<P>(write: (params: P) => Promise<Device>, message: (device: Device) => [string, Record<string, unknown>]) {
  const notify = useNotify();
  const failure = useFailure();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (device) => {
      const [key, args] = message(device);
      notify(key, { type: 'success', messageArgs: args });
      void queryClient.invalidateQueries({ queryKey: ['devices'] });
    },
    onError: failure,
  });
}

/** Attach a player in stock (on no system), picked by serial or model, to the system. */
function AttachDeviceDialog({ system, open, onClose }: { system: System; open: boolean; onClose: () => void }) {
  const t = useT();
  const dataProvider = useDataProvider<AppDataProvider>();
  const attach = useDeviceWrite(
    (p: { id: number }) => dataProvider.attachDevice('devices', { id: p.id, systemId: system.id }),
    (d) => ['resources.systems.detail.device_attached', { serial: d.serial, code: system.code }],
  );
  const submit = async (v: Record<string, unknown>) => {
    try {
      await attach.mutateAsync({ id: Number(v.deviceId) });
      onClose();
    } catch (error) {
      return submissionErrors(error);
    }
  };
  return (
    <FormDialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="attach-device-title">
      <DialogTitle id="attach-device-title">{t('detail.attach_device_title', { code: system.code })}</DialogTitle>
      <DialogContent>
        <AppSimpleForm
          resolver={pickResolver}
          onSubmit={submit}
          sx={{ p: 0 }}
          toolbar={<DialogFormToolbar label="resources.systems.detail.attach" />}
        >
          <ReferenceInput source="deviceId" reference="devices" filter={{ installed: false }} sort={{ field: 'serial', order: 'ASC' }}>
            <AutocompleteInput
              label={t('detail.pick_device')}
              optionText={deviceText}
              noOptionsText={t('detail.no_devices_in_stock')}
              helperText={t('detail.pick_device_hint')}
              autoFocus
            />
          </ReferenceInput>
        </AppSimpleForm>
      </DialogContent>
    </FormDialog>
  );
}

/**
 * The players installed on a DOOH system: attach one in stock (dialog), detach one (after a
 * confirmation naming its serial; it goes back in stock). The writes are offered to the roles that
 * may change devices. An OOH system says why it has none.
 */
export function SystemDevices({ system }: { system: System }) {
  const t = useT();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const dooh = system.type === 'DOOH';
  const { canAccess: canWrite } = useCanAccess({ resource: 'devices', action: 'edit' });
  const [attaching, setAttaching] = useState(0);
  const [detaching, setDetaching] = useState<Device>();
  const { data, error } = useGetList<Device>(
    'devices',
    { filter: { systemId: system.id }, pagination: { page: 1, perPage: 100 }, sort: { field: 'serial', order: 'ASC' } },
    { enabled: dooh },
  );
  const detach = useDeviceWrite(
    (d: Device) => dataProvider.detachDevice('devices', { id: d.id }),
    (d) => ['resources.systems.detail.device_detached', { serial: d.serial }],
  );
  if (!dooh) return <Typography color="text.secondary">{t('detail.devices_ooh', { type: system.type })}</Typography>;
  return (
    <MemberTable
      label={t('detail.devices')}
      rows={data}
      error={error}
      emptyText={translate('resources.devices.messages.none_on_system')}
      head={[t('detail.serial'), t('detail.model'), t('fields.status')]}
      cells={(d) => [d.serial, d.model, translate(`resources.devices.status.${d.status}`, { _: d.status })]}
      action={
        canWrite
          ? (d) => (
              <Button size="small" startIcon={<LinkOffIcon />} aria-label={t('detail.detach_device', { serial: d.serial })} onClick={() => setDetaching(d)}>
                {t('detail.detach')}
              </Button>
            )
          : undefined
      }
    >
      {canWrite ? (
        <>
          <Button startIcon={<AddLinkIcon />} onClick={() => setAttaching((k) => k + 1)}>
            {t('detail.attach_device')}
          </Button>
          {/* A fresh form each time it opens. */}
          <AttachDeviceDialog key={attaching} system={system} open={attaching > 0} onClose={() => setAttaching(0)} />
          <Confirm
            isOpen={Boolean(detaching)}
            loading={detach.isPending}
            title={t('detail.detach_title', { serial: detaching?.serial ?? '' })}
            content={t('detail.detach_content', { code: system.code })}
            onClose={() => setDetaching(undefined)}
            onConfirm={() => detaching && detach.mutate(detaching, { onSettled: () => setDetaching(undefined) })}
          />
        </>
      ) : null}
    </MemberTable>
  );
}
