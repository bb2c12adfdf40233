import { Typography } from '@mui/material';
import { Route, Routes } from 'react-router-dom';
import {
  BooleanField,
  Create,
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  Edit,
  List,
  ResourceContextProvider,
  SaveButton,
  DateField,
  Toolbar,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { AppSimpleForm } from '@/forms/unsavedChanges';
import { AppPagination } from '@/layout/Pagination';
import { UserInputs } from './UserInputs';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

/** The users screens live under /settings/users, not under react-admin's default /users. */
const USERS_PATH = '/settings/users';

const fullName = (record: RaRecord | undefined) =>
  record
    ? [record.name, record.surname].filter(Boolean).join(' ') || String(record.username ?? record.id)
    : '';

function RoleField() {
  const translate = useTranslate();
  const record = useRecordContext();
  const role = record?.role as string | undefined;
  return <>{role ? translate(`app.roles.${role}`, { _: role }) : ''}</>;
}

function CreatedAtField() {
  const [locale] = useLocaleState();
  return <DateField source="createdAt" locales={locale === 'en' ? 'en-GB' : 'it-IT'} />;
}

function DeleteUserButton() {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      redirect={false}
      confirmTitle={translate('app.users.delete_title', { name: fullName(record) })}
      confirmContent="app.users.delete_content"
      aria-label={`${translate('ra.action.delete')} ${fullName(record)}`}
    />
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <ListViewButtons />
      <CreateButton to={`${USERS_PATH}/create`} label="app.users.create" />
    </TopToolbar>
  );
}

/** Users paged and sorted by GET /user/all/page/{page}/perPage/{perPage}/sort/{sort}?sortValue. */
function UserList() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {translate('app.users.title')}
      </Typography>
      <List
        title={translate('app.users.title')}
        actions={<ListActions />}
        perPage={10}
        sort={{ field: 'username', order: 'ASC' }}
        pagination={<AppPagination rowsPerPageOptions={[10, 25, 50]} />}
        exporter={false}
        disableSyncWithLocation={false}
      >
        <DataTable rowClick={(id) => `${USERS_PATH}/${id}`} bulkActionButtons={false}>
          <DataTable.Col source="username" />
          <DataTable.Col source="name" />
          <DataTable.Col source="surname" />
          <DataTable.Col source="email" />
          <DataTable.Col source="role" field={RoleField} />
          <DataTable.Col source="group" disableSort />
          <DataTable.Col source="enabled" disableSort field={BooleanField} />
          <DataTable.Col source="createdAt" field={CreatedAtField} />
          <DataTable.Col label="ra.action.delete" disableSort>
            <DeleteUserButton />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}

const EditToolbar = () => (
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteUserButton />
  </Toolbar>
);

function UserCreate() {
  const translate = useTranslate();
  return (
    <Create title={translate('app.users.create')} redirect={USERS_PATH}>
      <AppSimpleForm>
        <UserInputs mode="create" />
      </AppSimpleForm>
    </Create>
  );
}

function UserEdit() {
  const translate = useTranslate();
  return (
    <Edit
      title={translate('app.users.edit')}
      redirect={USERS_PATH}
      mutationMode="pessimistic"
      actions={false}
    >
      <AppSimpleForm toolbar={<EditToolbar />}>
        <UserInputs mode="edit" />
      </AppSimpleForm>
    </Edit>
  );
}

/** /settings/users (admin): list, create (/settings/users/create), edit and delete (/settings/users/:id). */
export default function UsersPage() {
  return (
    <ResourceContextProvider value="users">
      <Routes>
        <Route index element={<UserList />} />
        <Route path="create" element={<UserCreate />} />
        <Route path=":id" element={<UserEdit />} />
      </Routes>
    </ResourceContextProvider>
  );
}
