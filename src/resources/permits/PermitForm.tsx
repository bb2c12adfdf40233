import { Box, Paper, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AutocompleteArrayInput,
  CreateBase,
  DateInput,
  EditBase,
  NumberInput,
  ReferenceArrayInput,
  TextInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AppDataProvider } from '@/dataProviders';
import { FileTable } from '@/ui/FileTable';
import { FormPage } from '@/ui/FormPage';
import { UploadBox } from '@/ui/UploadBox';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { ExpiryBadge, authorizationSchema, leaseSchema, type Permit, type PermitResource } from './shared';

const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.docx,.xlsx,application/pdf,image/png,image/jpeg';
const resolvers = {
  authorizations: schemaResolver(authorizationSchema),
  leases: schemaResolver(leaseSchema),
};

/** The fields of an authorization or a lease, shared by create and edit. */
function PermitInputs({ resource }: { resource: PermitResource }) {
  const lease = resource === 'leases';
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}
    >
      <TextInput source="name" />
      <TextInput source={lease ? 'landlord' : 'issuer'} />
      <TextInput source={lease ? 'reference' : 'number'} />
      <NumberInput source={lease ? 'annualCost' : 'cost'} min={0} />
      <DateInput source="startDate" />
      <DateInput source="endDate" />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ReferenceArrayInput source="systemIds" reference="systems">
          <AutocompleteArrayInput
            optionText={(s: { code?: string; name?: string }) => `${s.code ?? ''} ${s.name ?? ''}`.trim()}
          />
        </ReferenceArrayInput>
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextInput source="notes" multiline minRows={2} />
      </Box>
    </Box>
  );
}

/** The record's documents: upload, download, delete. */
function PermitDocuments({ resource }: { resource: PermitResource }) {
  const record = useRecordContext<Permit>();
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const changed = () => void queryClient.invalidateQueries({ queryKey: [resource, 'getOne'] });
  const download = useMutation({
    mutationFn: (document: { id: number; fileName: string }) =>
      dataProvider.downloadPermitDocument(resource, { id: Number(record?.id), document }),
  });
  if (!record) return null;
  const remove = (document: { id: number; fileName: string }) =>
    dataProvider
      .deletePermitDocument(resource, { id: record.id, documentId: document.id })
      .then(() => {
        notify('resources.permits.document_deleted', {
          type: 'info',
          messageArgs: { name: document.fileName },
        });
        changed();
      })
      .catch(failure);
  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Typography variant="h6" component="h2">
        {translate('resources.permits.documents')}
      </Typography>
      <UploadBox
        label={translate('resources.permits.documents_upload')}
        accept={DOCUMENT_ACCEPT}
        upload={(file) => dataProvider.uploadPermitDocument(resource, { id: record.id, file })}
        onDone={changed}
      />
      <Typography variant="caption">{translate('resources.permits.documents_accepted')}</Typography>
      {record.documents.length ? (
        <FileTable
          label={translate('resources.permits.documents')}
          rows={record.documents.map((d) => ({ ...d, uploadedBy: d.uploadedBy ?? '' }))}
          onDownload={(d) => download.mutateAsync(d)}
          onDelete={(d) => void remove(d)}
        />
      ) : (
        <Typography sx={{ mt: 1 }}>{translate('resources.permits.documents_empty')}</Typography>
      )}
    </Paper>
  );
}

function EditHeading({ resource }: { resource: PermitResource }) {
  const record = useRecordContext<Permit>();
  const translate = useTranslate();
  if (!record?.endDate) return null;
  return (
    <Typography sx={{ mt: 1 }} component="div">
      {translate(`resources.${resource}.fields.endDate`)}: <ExpiryBadge record={record} />
    </Typography>
  );
}

/** /authorizations/create, /leases/create: a new record, then its page (where documents are added). */
export function PermitCreate({ resource }: { resource: PermitResource }) {
  const translate = useTranslate();
  return (
    <CreateBase resource={resource} redirect={(_r, id) => `${resource}/${id}`}>
      <FormPage title={translate(`resources.${resource}.create_title`)} resolver={resolvers[resource]}>
        <PermitInputs resource={resource} />
      </FormPage>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {translate('resources.permits.documents_after_save')}
      </Typography>
    </CreateBase>
  );
}

/** /authorizations/:id, /leases/:id: the record's fields, its end and its documents. */
export function PermitEdit({ resource }: { resource: PermitResource }) {
  const { id } = useParams();
  const translate = useTranslate();
  return (
    <EditBase resource={resource} id={Number(id)} mutationMode="pessimistic" redirect={false}>
      <FormPage<Permit>
        title={(record) => translate(`resources.${resource}.edit_title`, { name: record?.name ?? '' })}
        resolver={resolvers[resource]}
      >
        <EditHeading resource={resource} />
        <PermitInputs resource={resource} />
      </FormPage>
      <PermitDocuments resource={resource} />
    </EditBase>
  );
}
