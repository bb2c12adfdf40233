import type { paths, SchemaCatalog } from './generated/catalogue';
import { callOrThrow, lazyClient } from './http';

/** The catalogue service (spec §7): a typed openapi-fetch client. */
export const catalogueApi = lazyClient<paths>('catalogue');

/** GET /getCatalogsByProductId/{id}: the price lists that price a product. */
export function listCatalogsOfProduct(productId: number): Promise<SchemaCatalog[]> {
  return callOrThrow(catalogueApi().GET('/getCatalogsByProductId/{id}', { params: { path: { id: productId } } }));
}
