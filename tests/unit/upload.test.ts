import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, browser, fileForm, setTokenRefresher, upload, uploadWithAnswer } from '@/api/http';
import { getAuthToken, storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { importDetections } from '@/api/audit';
import { uploadCampaignAttachment } from '@/api/campaign';

/* The one upload helper: progress, the bearer, the token refresh, one Italian failure. */

const ORIGIN = 'http://svc.test';
const server = setupServer();
const file = () => new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'old', refreshToken: 'r', user: { username: 'mario' }, type: 'ROLE_ADMIN', group: 'administrators' });
});
afterEach(() => {
  server.resetHandlers();
  setTokenRefresher(undefined);
  setRuntimeConfig({ environment: 'prod', hosts: {} });
  vi.restoreAllMocks();
});

describe('upload', () => {
  it('posts the multipart form with the bearer and the username and ends the progress at 1', async () => {
    let seen: { auth: string | null; user: string | null; name: string } | undefined;
    server.use(
      http.post(`${ORIGIN}/campaign/v1/campaigns/7/attachments`, async ({ request }) => {
        const form = await request.formData();
        seen = { auth: request.headers.get('Authorization'), user: request.headers.get('username'), name: String(form.has('file')) };
        return HttpResponse.json({ id: 3, fileName: 'a.png' }, { status: 201 });
      }),
    );
    const progress: number[] = [];
    await expect(uploadCampaignAttachment(7, file(), (f) => progress.push(f))).resolves.toMatchObject({ id: 3 });
    expect(seen).toEqual({ auth: 'Bearer old', user: 'mario', name: 'true' });
    expect(progress.at(-1)).toBe(1);
  });

  it('refreshes the token once on a 401 and replays the upload with the new one', async () => {
    const tokens: (string | null)[] = [];
    server.use(
      http.post(`${ORIGIN}/campaign/v1/campaigns/7/attachments`, ({ request }) => {
        tokens.push(request.headers.get('Authorization'));
        return request.headers.get('Authorization') === 'Bearer fresh'
          ? HttpResponse.json({ id: 4 }, { status: 201 })
          : new HttpResponse(null, { status: 401 });
      }),
    );
    setTokenRefresher(async () => {
      storeSession({ auth: 'fresh', refreshToken: 'r', user: { username: 'mario' }, type: 'ROLE_ADMIN', group: 'administrators' });
      return 'fresh';
    });
    await expect(upload('campaign', '/campaigns/7/attachments', fileForm(file()))).resolves.toEqual({ id: 4 });
    expect(tokens).toEqual(['Bearer old', 'Bearer fresh']);
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('a 401 that the refresh cannot cure takes the one 401 path (session cleared, reload)', async () => {
    server.use(http.post(`${ORIGIN}/campaign/v1/up`, () => new HttpResponse(null, { status: 401 })));
    setTokenRefresher(async () => null);
    await expect(upload('campaign', '/up', fileForm(file()))).rejects.toMatchObject({ status: 401 });
    expect(getAuthToken()).toBeFalsy();
    expect(browser.reload).toHaveBeenCalledOnce();
  });

  it('no answer at all gives the one Italian upload message', async () => {
    server.use(http.post(`${ORIGIN}/campaign/v1/up`, () => HttpResponse.error()));
    const failure = await upload('campaign', '/up', fileForm(file())).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, message: 'Caricamento del file non riuscito: il servizio non risponde. Controlla la connessione e riprova.' });
  });

  it('a 4xx keeps the service message; a listed status is an answer (the detections import 422)', async () => {
    server.use(
      http.post(`${ORIGIN}/campaign/v1/up`, () => HttpResponse.json({ message: 'File troppo grande' }, { status: 413 })),
      http.post(`${ORIGIN}/audit/v1/detection/upload`, () => HttpResponse.json({ imported: 0, rejected: [{ row: 2, errors: ['x'] }] }, { status: 422 })),
    );
    await expect(upload('campaign', '/up', fileForm(file()))).rejects.toMatchObject({ status: 413, message: 'File troppo grande' });
    await expect(uploadWithAnswer('campaign', '/up', fileForm(file()), { answerStatuses: [413] })).resolves.toEqual({ status: 413, body: { message: 'File troppo grande' } });
    await expect(importDetections(file())).resolves.toMatchObject({ ok: false, rejected: { imported: 0 } });
  });
});
