import type { paths, SchemaCatalog, SchemaCatalogInput } from './generated/catalogue';
import { callOrThrow, lazyClient } from './http';

/** The catalogue service: a typed openapi-fetch client. */
export const catalogueApi = lazyClient<paths>('catalogue');

/** GET /getCatalogsByProductId/{id}: the price lists that price a product. */
export function listCatalogsOfProduct(productId: number): Promise<SchemaCatalog[]> {
  return callOrThrow(catalogueApi().GET('/getCatalogsByProductId/{id}', { params: { path: { id: productId } } }));
}

/** GET /getAll: every price list. */
export function listCatalogs(): Promise<SchemaCatalog[]> {
  return callOrThrow(catalogueApi().GET('/getAll'));
}

/** GET /getById/{id}: one price list. */
export function getCatalog(id: number): Promise<SchemaCatalog> {
  return callOrThrow(catalogueApi().GET('/getById/{id}', { params: { path: { id } } }));
}

/** POST /save: the new price list. */
export function createCatalog(body: SchemaCatalogInput): Promise<SchemaCatalog> {
  return callOrThrow(catalogueApi().POST('/save', { body }));
}

/** PUT /update/{id}: the changed price list. */
export function updateCatalog(id: number, body: SchemaCatalogInput): Promise<SchemaCatalog> {
  return callOrThrow(catalogueApi().PUT('/update/{id}', { params: { path: { id } }, body }));
}

/** DELETE /delete/{id}. */
export async function deleteCatalog(id: number): Promise<void> {
  await callOrThrow(catalogueApi().DELETE('/delete/{id}', { params: { path: { id } } }));
}
