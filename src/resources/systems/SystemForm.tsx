import { CreateBase, EditBase, useRecordContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { SchemaSystem as System } from '@/api/generated/systems';
import { FormPage } from '@/ui/FormPage';
import { schemaResolver } from '@/ui/validation';
import { SystemInputs } from './SystemInputs';
import { formValuesOf, NEW_SYSTEM, systemSchema } from './systemSchema';

const resolver = schemaResolver(systemSchema);
const toDetail = (_resource: string | undefined, id: unknown) => `systems-manage/${String(id)}`;

function SystemCreate() {
  const translate = useTranslate();
  return (
    <CreateBase resource="systems" record={NEW_SYSTEM} redirect={toDetail}>
      <FormPage title={translate('resources.systems.form.create_title')} resolver={resolver}>
        <SystemInputs creating />
      </FormPage>
    </CreateBase>
  );
}

/** The edit form starts from the system's values in the form's shape (references by id). */
function SystemEditForm() {
  const translate = useTranslate();
  const record = useRecordContext<System>();
  if (!record) return null;
  return (
    <FormPage
      title={translate('resources.systems.form.edit_title', { code: record.code })}
      resolver={resolver}
      record={formValuesOf(record)}
    >
      <SystemInputs creating={false} />
    </FormPage>
  );
}

function SystemEdit({ id }: { id: number }) {
  return (
    <EditBase resource="systems" id={id} mutationMode="pessimistic" redirect={toDetail}>
      <SystemEditForm />
    </EditBase>
  );
}

/** /systems-manage/manage/new and /systems-manage/:id/edit. */
export default function SystemForm() {
  const { id } = useParams();
  return id === undefined ? <SystemCreate /> : <SystemEdit id={Number(id)} />;
}
