// The systems list baseline of `npm run bench`: a plain react-admin <List> + <Datagrid> of the same
// rows, from the same endpoint, with the same page size and sort as /systems-manage/manage, built by
// the same toolchain as the app. The token is the one the bench puts in localStorage for the app; the
// sandbox's address is in the build's /config.json. /altro is a screen to move to the list from.
// Not shipped.
import { createRoot } from 'react-dom/client';
import {
  Admin,
  CustomRoutes,
  Datagrid,
  FunctionField,
  List,
  Resource,
  TextField,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { BrowserRouter, Link, Route } from 'react-router-dom';
import { SYSTEM_PAGE_SIZE } from '../../../src/config/constants';

let sandbox = '';
const token = () => window.localStorage.getItem('auth');

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => {
    if (!token()) throw new Error('not signed in');
  },
  checkError: async () => undefined,
  getPermissions: async () => undefined,
};

const unsupported = () => Promise.reject(new Error('not in the baseline'));
const dataProvider: DataProvider = {
  getList: async (_resource, { pagination, sort }) => {
    const page = (pagination?.page ?? 1) - 1;
    const perPage = pagination?.perPage ?? SYSTEM_PAGE_SIZE;
    const query = new URLSearchParams({
      type: 'ALL',
      sort: sort?.field ?? 'code',
      sortDir: sort?.order === 'DESC' ? 'DESC' : 'ASC',
    });
    const response = await fetch(
      `${sandbox}/systems/v1/system/all/page/${page}/perPage/${perPage}?${query}`,
      {
        headers: { Authorization: `Bearer ${token()}` },
      },
    );
    if (!response.ok) throw new Error(`systems: ${response.status}`);
    const body = (await response.json()) as { content: Array<{ id: number }>; totalElements: number };
    return { data: body.content, total: body.totalElements } as never;
  },
  getOne: unsupported,
  getMany: unsupported,
  getManyReference: unsupported,
  create: unsupported,
  update: unsupported,
  updateMany: unsupported,
  delete: unsupported,
  deleteMany: unsupported,
};

const SystemsList = () => (
  <List sort={{ field: 'code', order: 'ASC' }} perPage={SYSTEM_PAGE_SIZE}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="code" />
      <TextField source="name" />
      <TextField source="type" />
      <TextField source="systemType" />
      <TextField source="status" />
      <TextField source="address" />
      <TextField source="municipality.name" label="municipality" />
      <TextField source="province" />
      <FunctionField
        label="mediaOwners"
        render={(s: { mediaOwners?: Array<{ name: string }> }) =>
          (s.mediaOwners ?? []).map((m) => m.name).join(', ')
        }
      />
      <TextField source="area.name" label="area" sortable={false} />
    </Datagrid>
  </List>
);

const Elsewhere = () => (
  <p>
    Altro schermo. <Link to="/systems">Impianti</Link>
  </p>
);

void fetch('/config.json')
  .then((r) => r.json() as Promise<{ sandbox: string }>)
  .then((config) => {
    sandbox = config.sandbox;
    createRoot(document.getElementById('root')!).render(
      <BrowserRouter>
        <Admin authProvider={authProvider} dataProvider={dataProvider} requireAuth>
          <Resource name="systems" list={SystemsList} />
          <CustomRoutes>
            <Route path="/altro" element={<Elsewhere />} />
          </CustomRoutes>
        </Admin>
      </BrowserRouter>,
    );
  });
