import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { ApiError, callOrThrow, downloadBlob, fileForm, upload } from '@/api/http';
import { orderApi } from '@/api/order';
import type { Service } from '@/config/services';
import type {
  SchemaOrder,
  SchemaOrderCampaign,
  SchemaOrderDocument,
  SchemaOrderFromEstimateInput,
} from '@/api/generated/order';

/*
 * The ra-data-simple-rest dialect (sort / range / filter as JSON, Content-Range) spoken by the
 * execution services (order, campaign, planner, creativity), over their typed clients so that the
 * shared middleware (bearer, spec §8) applies; plus the order service's own calls.
 */

interface RawResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}
/** The typed clients seen through the one shape every simple-rest path shares. */
interface LooseClient {
  GET(path: string, init?: object): Promise<RawResult>;
  POST(path: string, init?: object): Promise<RawResult>;
  PUT(path: string, init?: object): Promise<RawResult>;
  DELETE(path: string, init?: object): Promise<RawResult>;
}

export interface SimpleRestResource {
  /** The collection path, e.g. `/orders`. */
  path: string;
  /** The fields the input schema accepts (others are dropped before a create or update). */
  inputFields: readonly string[];
  /** Resources without a create/update endpoint say so. */
  readOnly?: boolean;
}

/** The total of a `Content-Range: <resource> 0-24/319` header (`*\/0` when nothing matches). */
export function totalOf(header: string | null, fallback: number): number {
  const match = /\/(\d+)\s*$/.exec(header ?? '');
  return match ? Number(match[1]) : fallback;
}

/** Drops empty filter values (a cleared input) so that they do not restrict the list. */
export function cleanFilter(filter: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filter).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length)),
  );
}

/** react-admin's list params → the simple-rest query (`sort`, `range`, `filter`). */
export function simpleRestQuery(
  params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>,
): Record<string, string> {
  const query: Record<string, string> = {};
  if (params.sort?.field)
    query.sort = JSON.stringify([params.sort.field, params.sort.order === 'DESC' ? 'DESC' : 'ASC']);
  if (params.pagination) {
    const { page, perPage } = params.pagination;
    query.range = JSON.stringify([(page - 1) * perPage, page * perPage - 1]);
  }
  const filter = cleanFilter(params.filter);
  if (Object.keys(filter).length) query.filter = JSON.stringify(filter);
  return query;
}

function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (data[f] !== undefined) out[f] = data[f] === '' ? null : data[f];
  return out;
}

/** A data provider for the simple-rest resources of one service. */
export function simpleRestProvider(
  client: () => unknown,
  resources: Record<string, SimpleRestResource>,
): DataProvider {
  const api = () => client() as LooseClient;
  const spec = (resource: string): SimpleRestResource => {
    const r = resources[resource];
    if (!r) throw new ApiError(400, `Risorsa sconosciuta: ${resource}`);
    return r;
  };
  const item = (resource: string) => `${spec(resource).path}/{id}`;
  const byId = (id: Identifier) => ({ params: { path: { id: Number(id) } } });

  async function list(resource: string, query: Record<string, string>) {
    const result = await api().GET(spec(resource).path, { params: { query } });
    const data = await callOrThrow(Promise.resolve(result as never));
    const rows = data as RaRecord[];
    return { data: rows, total: totalOf(result.response.headers.get('Content-Range'), rows.length) };
  }

  return {
    getList: (resource, params) => list(resource, simpleRestQuery(params)) as never,
    async getOne(resource, params) {
      return { data: (await callOrThrow(api().GET(item(resource), byId(params.id)) as never)) as never };
    },
    async getMany(resource, params) {
      if (!params.ids.length) return { data: [] };
      const { data } = await list(resource, { filter: JSON.stringify({ id: params.ids.map(Number) }) });
      return { data: data as never[] };
    },
    getManyReference: (resource, params) =>
      list(
        resource,
        simpleRestQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } }),
      ) as never,
    async create(resource, params) {
      const body = pick(params.data as Record<string, unknown>, spec(resource).inputFields);
      return { data: (await callOrThrow(api().POST(spec(resource).path, { body }) as never)) as never };
    },
    async update(resource, params) {
      const body = pick(
        { ...(params.data as Record<string, unknown>), id: Number(params.id) },
        spec(resource).inputFields,
      );
      return {
        data: (await callOrThrow(api().PUT(item(resource), { ...byId(params.id), body }) as never)) as never,
      };
    },
    async updateMany(resource, params) {
      const done: Identifier[] = [];
      for (const id of params.ids) {
        const current = (await callOrThrow(api().GET(item(resource), byId(id)) as never)) as Record<
          string,
          unknown
        >;
        const body = pick(
          { ...current, ...(params.data as Record<string, unknown>), id: Number(id) },
          spec(resource).inputFields,
        );
        await callOrThrow(api().PUT(item(resource), { ...byId(id), body }) as never);
        done.push(id);
      }
      return { data: done };
    },
    async delete(resource, params) {
      return { data: (await callOrThrow(api().DELETE(item(resource), byId(params.id)) as never)) as never };
    },
    async deleteMany(resource, params) {
      const done: Identifier[] = [];
      for (const id of params.ids) {
        await callOrThrow(api().DELETE(item(resource), byId(id)) as never);
        done.push(id);
      }
      return { data: done };
    },
  };
}

/** The one upload helper (src/api/http.ts), kept under this name for the execution providers. */
export function uploadWithProgress<T>(
  service: Service,
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return upload<T>(service, path, form, onProgress);
}

export { fileForm };

/* ---------- the order service ---------- */

export const ORDER_INPUT_FIELDS = [
  'id',
  'code',
  'estimateId',
  'advertiserId',
  'opportunityId',
  'salesId',
  'status',
  'total',
  'orderDate',
  'periodStart',
  'periodEnd',
  'notes',
] as const;

export const ordersDataProvider: DataProvider = simpleRestProvider(orderApi, {
  orders: { path: '/orders', inputFields: ORDER_INPUT_FIELDS },
  orderDocuments: { path: '/orderDocuments', inputFields: [], readOnly: true },
  orderCampaigns: { path: '/orderCampaigns', inputFields: ['orderId', 'campaignId'] },
});

export type {
  SchemaOrder as Order,
  SchemaOrderDocument as OrderDocument,
  SchemaOrderCampaign as OrderCampaign,
};

/** POST /orders/fromEstimate/{estimateId}: a draft order from an accepted estimate (409 otherwise). */
export async function createOrderFromEstimate(
  estimateId: number,
  body: SchemaOrderFromEstimateInput = {},
): Promise<SchemaOrder> {
  return callOrThrow(
    orderApi().POST('/orders/fromEstimate/{estimateId}', { params: { path: { estimateId } }, body }),
  );
}

/** POST /orders/{id}/documents with progress. */
export function uploadOrderDocument(
  orderId: number,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<SchemaOrderDocument> {
  return uploadWithProgress<SchemaOrderDocument>(
    'order',
    `/orders/${orderId}/documents`,
    fileForm(file),
    onProgress,
  );
}

/** GET /orderDocuments/{id}/content, saved under its own name. */
export function downloadOrderDocument(
  document: Pick<SchemaOrderDocument, 'id' | 'fileName'>,
): Promise<string> {
  return downloadBlob(
    orderApi().GET('/orderDocuments/{id}/content', {
      params: { path: { id: document.id } },
      parseAs: 'blob',
    }),
    document.fileName,
  );
}

/** Connects a campaign to an order (POST /orderCampaigns; 409 when already connected). */
export async function connectCampaign(orderId: number, campaignId: number): Promise<SchemaOrderCampaign> {
  return callOrThrow(orderApi().POST('/orderCampaigns', { body: { orderId, campaignId } }));
}
