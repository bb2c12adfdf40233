import simpleRestDataProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import { ApiError, fetchJson } from '@/api/http';
import { getRuntimeConfig, serviceBase } from '@/config/environment';
import type { Service } from '@/config/services';

/*
 * The services whose documents speak ra-data-simple-rest's dialect (sort / range / filter as JSON,
 * Content-Range) are served by that package, over the app's HTTP client (fetchJson: bearer, token
 * refresh, the shared status handling). What is added here is only what the documents ask beyond the package: the
 * input schemas accept their own fields, ids are numbers, an empty filter input does not filter.
 */

/**
 * A resource: its `toInput` (`inputOf` over the generated body schema: what a create or update
 * sends), or `readOnly` for one without a create/update endpoint.
 */
export type SimpleRestResource = { toInput: (record: object) => object } | { readOnly: true };

/** Drops empty filter values (a cleared input) so that they do not restrict the list. */
export function cleanFilter(filter: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filter).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length)),
  );
}

/**
 * A data provider for the simple-rest resources of one service; each resource name is its
 * collection path (`orders` → `{service base}/orders`).
 */
export function simpleRestProvider(service: Service, resources: Record<string, SimpleRestResource>): DataProvider {
  let cached: { provider: DataProvider; builtFor: unknown } | undefined;
  // Built lazily, so that it reads the configuration loaded at start-up.
  const rest = (): DataProvider => {
    const config = getRuntimeConfig();
    if (!cached || cached.builtFor !== config) {
      const base = (serviceBase(service, config) ?? '').replace(/\/+$/, '');
      cached = { provider: simpleRestDataProvider(base, fetchJson), builtFor: config };
    }
    return cached.provider;
  };
  const spec = (resource: string): SimpleRestResource => {
    const r = resources[resource];
    if (!r) throw new ApiError(400, `Risorsa sconosciuta: ${resource}`);
    return r;
  };
  const input = (resource: string, data: object, id?: Identifier) => {
    const r = spec(resource);
    if (!('toInput' in r)) throw new ApiError(405, `Risorsa in sola lettura: ${resource}`);
    return r.toInput({ ...data, ...(id === undefined ? {} : { id: Number(id) }) });
  };

  const provider: DataProvider = {
    getList(resource, params) {
      spec(resource);
      return rest().getList(resource, { ...params, filter: cleanFilter(params.filter) });
    },
    getOne(resource, params) {
      spec(resource);
      return rest().getOne(resource, params);
    },
    async getMany(resource, params) {
      spec(resource);
      if (!params.ids.length) return { data: [] };
      return rest().getMany(resource, { ...params, ids: params.ids.map(Number) });
    },
    getManyReference(resource, params) {
      spec(resource);
      return rest().getManyReference(resource, { ...params, filter: cleanFilter(params.filter) });
    },
    create: (resource, params) => rest().create(resource, { ...params, data: input(resource, params.data) }),
    update: (resource, params) => rest().update(resource, { ...params, data: input(resource, params.data, params.id) }),
    // The documents' update is a full PUT: each record is read, changed and sent whole, one at a time.
    async updateMany(resource, params) {
      const done: Identifier[] = [];
      for (const id of params.ids) {
        const { data: current } = await provider.getOne(resource, { id });
        await provider.update(resource, { id, data: { ...current, ...params.data }, previousData: current });
        done.push(id);
      }
      return { data: done };
    },
    delete(resource, params) {
      spec(resource);
      return rest().delete(resource, params);
    },
    // The package reads the ids back from the deleted records; the ids asked are the answer.
    async deleteMany(resource, params) {
      for (const id of params.ids) await provider.delete(resource, { id, previousData: undefined });
      return { data: params.ids };
    },
  };
  return provider;
}
