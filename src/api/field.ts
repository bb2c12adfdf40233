import type { components, paths } from './generated/frame';
import { callOrThrow, lazyClient, uploadPublic, type UploadProgress } from './http';

/*
 * The installer's calls: a provider team's link opens its work orders with no user account, so
 * these go without a session (the token is in the path).
 */

const fieldApi = lazyClient<paths>('frame', { public: true });

export type WorkOrder = components['schemas']['WorkOrder'];
export type FieldOrders = components['schemas']['FieldOrders'];
export type ProblemKind = components['schemas']['ProblemKind'];
export type PhotoKind = components['schemas']['WorkOrderPhoto']['kind'];

export const getFieldOrders = (token: string): Promise<FieldOrders> =>
  callOrThrow(fieldApi().GET('/field/{token}', { params: { path: { token } } }));

export const markFieldOrderDone = (token: string, id: number, note?: string): Promise<WorkOrder> =>
  callOrThrow(fieldApi().POST('/field/{token}/workOrders/{id}/done', { params: { path: { token, id } }, body: note ? { note } : {} }));

export const reportFieldProblem = (token: string, id: number, kind: ProblemKind, note?: string) =>
  callOrThrow(fieldApi().POST('/field/{token}/workOrders/{id}/problem', { params: { path: { token, id } }, body: { kind, ...(note ? { note } : {}) } }));

/** Sends a proof photo with progress; a dropped connection is tried again (see uploadPublic). */
export function uploadFieldPhoto(
  token: string,
  id: number,
  kind: PhotoKind,
  photo: File,
  options: { onProgress?: UploadProgress; onRetry?: (attempt: number) => void } = {},
): Promise<WorkOrder> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', photo, photo.name);
  return uploadPublic<WorkOrder>('frame', `/field/${encodeURIComponent(token)}/workOrders/${id}/photos`, form, options);
}
