import { callOrThrow } from '@/api/http';
import { userApi } from '@/api/user';

const urls = new Map<number, Promise<string>>();

/** GET /user/getAvatar/{id} as a blob, shown through an object URL (kept for the page's life, per avatar id). */
export function avatarUrl(id: number): Promise<string> {
  let url = urls.get(id);
  if (!url) {
    url = callOrThrow(
      userApi().GET('/user/getAvatar/{id}', { params: { path: { id } }, parseAs: 'blob' }),
    ).then((blob) => URL.createObjectURL(blob as Blob));
    url.catch(() => urls.delete(id));
    urls.set(id, url);
  }
  return url;
}

/** Forgets a shown avatar (after an upload replaced it), so that the next read downloads it again. */
export function forgetAvatar(id: number): void {
  const url = urls.get(id);
  urls.delete(id);
  void url?.then((u) => URL.revokeObjectURL(u)).catch(() => undefined);
}
