// The list baselines of `npm run bench`: plain react-admin <List> + <Datagrid>s of the same rows,
// from the same endpoints, with the same page sizes and order as the app's systems list
// (/systems-manage/manage) and availability screen (/availability: the faces × the weeks of the
// default period), built by the same toolchain as the app. The token is the one the bench puts in
// localStorage for the app; the sandbox's address is in the build's /config.json. /altro is a
// screen to move to the lists from, by their links. Not shipped.
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
import { readState } from '../../../src/resources/availability/filters';

/** The availability screen's page size (its first choice). */
const AVAILABILITY_PAGE_SIZE = 25;
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
/** The availability screen's default query: the period it opens on, one page of faces. */
function availabilityUrl(page: number, perPage: number): string {
  const { filter } = readState(new URLSearchParams());
  const query = new URLSearchParams({
    periodStart: filter.periodStart,
    periodEnd: filter.periodEnd,
    step: filter.step ?? 'week',
    range: JSON.stringify([page * perPage, (page + 1) * perPage - 1]),
  });
  return `${sandbox}/planner/v1/availability?${query}`;
}

const dataProvider: DataProvider = {
  getList: async (resource, { pagination, sort }) => {
    const page = (pagination?.page ?? 1) - 1;
    if (resource === 'availability') {
      const perPage = pagination?.perPage ?? AVAILABILITY_PAGE_SIZE;
      const response = await fetch(availabilityUrl(page, perPage), { headers: { Authorization: `Bearer ${token()}` } });
      if (!response.ok) throw new Error(`availability: ${response.status}`);
      const body = (await response.json()) as { rows: Array<{ frameId: number }>; total: number };
      return { data: body.rows.map((row) => ({ ...row, id: row.frameId })), total: body.total } as never;
    }
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

/** The faces of the availability screen's first page: the same columns, the weeks' states. */
type Face = { cells: Array<{ state: string; slotsLeft: number }> };
const AvailabilityList = () => (
  <List perPage={AVAILABILITY_PAGE_SIZE} sort={{ field: 'systemCode', order: 'ASC' }}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="systemCode" sortable={false} />
      <TextField source="frameName" sortable={false} />
      <TextField source="address" sortable={false} />
      <TextField source="municipality" sortable={false} />
      <TextField source="format" sortable={false} />
      <TextField source="slots" sortable={false} />
      <FunctionField label="weeks" render={(f: Face) => f.cells.map((c) => `${c.state} ${c.slotsLeft}`).join(' · ')} />
      <TextField source="occupancy" sortable={false} />
    </Datagrid>
  </List>
);

const Elsewhere = () => (
  <p>
    Altro schermo. <Link to="/systems">Impianti</Link> <Link to="/availability">Disponibilità</Link>
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
          <Resource name="availability" list={AvailabilityList} />
          <CustomRoutes>
            <Route path="/altro" element={<Elsewhere />} />
          </CustomRoutes>
        </Admin>
      </BrowserRouter>,
    );
  });
