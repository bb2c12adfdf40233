import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import {
  createAuthorization,
  createLease,
  deleteAuthorization,
  deleteAuthorizationDocument,
  deleteLease,
  deleteLeaseDocument,
  downloadAuthorizationDocument,
  downloadLeaseDocument,
  getAuthorization,
  getLease,
  listAuthorizationRecords,
  listLeaseRecords,
  updateAuthorization,
  updateLease,
  uploadAuthorizationDocument,
  uploadLeaseDocument,
  type Authorization,
  type AuthorizationInput,
  type Lease,
  type LeaseInput,
  type PermitDocument,
} from '@/api/systems';
import { createAuthorizationBody, createLeaseBody } from '@/api/generated/systems.fields';
import { ApiError } from '@/api/http';
import { cleanFilter } from './simpleRest';
import { inputOf, read, toDeleted, toList, toMany, toOne } from './shared';

/*
 * `authorizations` (autorizzazioni) and `leases` (locazioni) over the systems service's
 * ra-data-simple-rest operations. A record read for a form carries `systemIds` (its systems' ids),
 * which a save sends back.
 */

export type { Authorization, Lease, PermitDocument };
export type PermitResource = 'authorizations' | 'leases';

const asRead = () => undefined;
const common = { systemIds: read.ids, systems: asRead, documents: asRead, expiresIn: asRead } as const;

export const authorizationInputOf = inputOf<AuthorizationInput>(
  createAuthorizationBody,
  {
    name: 'form',
    issuer: 'form',
    number: 'form',
    startDate: 'form',
    endDate: 'form',
    cost: read.number,
    notes: 'form',
    ...common,
  },
  { empty: 'null', trim: true },
);
export const leaseInputOf = inputOf<LeaseInput>(
  createLeaseBody,
  {
    name: 'form',
    landlord: 'form',
    reference: 'form',
    startDate: 'form',
    endDate: 'form',
    annualCost: read.number,
    notes: 'form',
    ...common,
  },
  { empty: 'null', trim: true },
);

const CALLS = {
  authorizations: {
    list: listAuthorizationRecords,
    get: getAuthorization,
    create: (data: object) => createAuthorization(authorizationInputOf(data)),
    update: (id: number, data: object) => updateAuthorization(id, authorizationInputOf(data)),
    remove: deleteAuthorization,
    upload: uploadAuthorizationDocument,
    download: downloadAuthorizationDocument,
    removeDocument: deleteAuthorizationDocument,
  },
  leases: {
    list: listLeaseRecords,
    get: getLease,
    create: (data: object) => createLease(leaseInputOf(data)),
    update: (id: number, data: object) => updateLease(id, leaseInputOf(data)),
    remove: deleteLease,
    upload: uploadLeaseDocument,
    download: downloadLeaseDocument,
    removeDocument: deleteLeaseDocument,
  },
} as const;

const callsOf = (resource: string) => {
  if (resource !== 'authorizations' && resource !== 'leases')
    throw new ApiError(400, `Risorsa sconosciuta: ${resource}`);
  return CALLS[resource];
};

/** A record as a form reads it: its systems' ids beside them. */
const forForm = (record: Authorization | Lease): RaRecord => ({
  ...record,
  systemIds: record.systems.map((s) => s.id),
});

/** What react-admin's list asks → the simple-rest query (sort, range, filter as JSON). */
export function permitListQuery({
  pagination,
  sort,
  filter,
}: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>) {
  const page = pagination?.page ?? 1;
  const perPage = pagination?.perPage ?? 25;
  return {
    sort: JSON.stringify([sort?.field || 'endDate', sort?.order === 'DESC' ? 'DESC' : 'ASC']),
    range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
    filter: JSON.stringify(cleanFilter(filter)),
  };
}

export interface PermitsMethods {
  uploadPermitDocument(resource: PermitResource, params: { id: number; file: File }): Promise<PermitDocument>;
  downloadPermitDocument(
    resource: PermitResource,
    params: { id: number; document: Pick<PermitDocument, 'id' | 'fileName'> },
  ): Promise<string>;
  deletePermitDocument(
    resource: PermitResource,
    params: { id: number; documentId: number },
  ): Promise<PermitDocument>;
}

export const permitsDataProvider: DataProvider & PermitsMethods = {
  async getList(resource, params) {
    const { data, total } = await callsOf(resource).list(permitListQuery(params));
    return toList({ data: data.map(forForm), total });
  },
  async getOne(resource, { id }) {
    return toOne(forForm(await callsOf(resource).get(Number(id))));
  },
  async getMany(resource, { ids }) {
    if (!ids.length) return toMany([]);
    const { data } = await callsOf(resource).list({ filter: JSON.stringify({ id: ids.map(Number) }) });
    return toMany(data.map(forForm));
  },
  async getManyReference(resource, params) {
    const { data, total } = await callsOf(resource).list(
      permitListQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } }),
    );
    return toList({ data: data.map(forForm), total });
  },
  async create(resource, { data }) {
    return toOne(forForm(await callsOf(resource).create(data)));
  },
  async update(resource, { id, data }) {
    return toOne(forForm(await callsOf(resource).update(Number(id), data)));
  },
  async updateMany() {
    throw new ApiError(405, 'Modifica multipla non disponibile');
  },
  async delete(resource, { id, previousData }) {
    await callsOf(resource).remove(Number(id));
    return toDeleted(id, previousData);
  },
  async deleteMany(resource, { ids }) {
    const done: Identifier[] = [];
    for (const id of ids) {
      await callsOf(resource).remove(Number(id));
      done.push(id);
    }
    return { data: done };
  },
  uploadPermitDocument: (resource, { id, file }) => callsOf(resource).upload(id, file),
  downloadPermitDocument: (resource, { id, document }) => callsOf(resource).download(id, document),
  deletePermitDocument: (resource, { id, documentId }) => callsOf(resource).removeDocument(id, documentId),
};
