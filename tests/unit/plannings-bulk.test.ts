import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listFramesResponse } from '@/api/generated/frame.zod';
import { getPlanningAvailabilityResponse, listPlanningItemsResponseItem } from '@/api/generated/planner.zod';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { planningsDataProvider } from '@/dataProviders/plannings';
import { BULK_CONCURRENCY } from '@/dataProviders/shared';
import { i18nProvider } from '@/i18n';
import { setTranslator, translateItalian } from '@/i18n/lookup';
import { documentBackend } from './support/documentMock';

/* Many systems into a planning: the availability asked first, every face of the free ones put in a few at a time, every refusal named. */

const ORIGIN = 'http://svc.test';
const PLANNER = `${ORIGIN}/planner/v1`;
const FRAMES = `${ORIGIN}/frame/v1/frames`;
const server = setupServer();
let backend: Awaited<ReturnType<typeof documentBackend>>['api'];
const violations: string[] = [];

/** Holds a request against planner.yaml: what it breaks goes to `violations`. */
async function checkAgainstDocument(request: Request) {
  const url = new URL(request.url);
  const body = request.method === 'POST' ? await request.clone().json() : undefined;
  const req = { method: request.method, path: url.pathname + url.search, headers: Object.fromEntries(request.headers.entries()), body };
  const operation = backend.matchOperation(req as never);
  if (!operation) return violations.push(`no operation for ${request.method} ${url.pathname}`);
  for (const e of backend.validator.validateRequest(req as never, operation as never).errors ?? [])
    violations.push(`${operation.operationId}: ${e.instancePath} ${e.message}`);
}

beforeAll(async () => {
  setTranslator((key, options) => i18nProvider.translate(key, options));
  ({ api: backend } = await documentBackend('planner'));
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  server.close();
  setTranslator(translateItalian);
});
beforeEach(() => {
  violations.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'admin' }, type: 'ROLE_ADMIN', group: 'administrators' });
});
afterEach(() => {
  server.resetHandlers();
  setRuntimeConfig({ environment: 'prod', hosts: {} });
});

const PLANNING = 10;
const booking = (planningId: number, planningName: string, systemId: number) => ({
  planningId,
  planningName,
  systemId,
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
});

describe('addSystemsToPlanning', () => {
  it('puts every face of the free systems in, refuses the booked ones naming their planning, leaves its own, and keeps going', async () => {
    const availabilityCalls: string[] = [];
    const frameQueries: unknown[] = [];
    const posted: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    // System 1 is a two-sided poster (faces 11 and 12); every other system has one face, 10 × its id + 1.
    const facesOf = (systemId: number) =>
      (systemId === 1 ? [1, 2] : [1]).map((position) => ({
        id: systemId * 10 + position,
        systemId,
        name: position === 1 ? 'Faccia A' : 'Faccia B',
        position,
        width: 600,
        height: 300,
        digital: false,
        slots: 1,
        excludedBusinessAreas: [],
        status: 'active',
      }));
    server.use(
      http.get(`${PLANNER}/plannings/:id/availability`, async ({ request, params }) => {
        await checkAgainstDocument(request);
        availabilityCalls.push(String(params.id));
        const ids = new URL(request.url).searchParams.getAll('systemIds').map(Number);
        const answer = ids.map((systemId) => {
          if (systemId === 2) return { systemId, free: false, conflict: booking(20, 'Estate', 2) };
          if (systemId === 3) return { systemId, free: false, conflict: booking(PLANNING, 'Primavera', 3) };
          return { systemId, free: true, conflict: null };
        });
        return HttpResponse.json(getPlanningAvailabilityResponse.parse(answer));
      }),
      http.get(FRAMES, ({ request }) => {
        const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as { systemId: number[] };
        frameQueries.push(filter.systemId);
        return HttpResponse.json(listFramesResponse.parse(filter.systemId.flatMap(facesOf)));
      }),
      http.post(`${PLANNER}/planningItems`, async ({ request }) => {
        await checkAgainstDocument(request);
        const body = (await request.json()) as { planningId: number; frameId: number; price: number };
        posted.push(body.frameId);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 10));
        inFlight -= 1;
        if (body.frameId === 41)
          // Held by another seller between the check and the booking: the service names what fills the face.
          return HttpResponse.json(
            {
              status: 409,
              message: 'Faccia A di MI-0004 è in opzione dal 01/03/2026 al 31/03/2026 per Moda Sud (Sara Bianchi, fino al 20/02/2026): puoi metterti in coda',
              blockers: [
                { reservationId: 8, status: 'option', holderName: 'Sara Bianchi', advertiserName: 'Moda Sud', periodStart: '2026-03-01', periodEnd: '2026-03-31', expiresOn: '2026-02-20', planningName: null },
              ],
            },
            { status: 409 },
          );
        if (body.frameId === 51) return HttpResponse.error();
        const systemId = Math.floor(body.frameId / 10);
        return HttpResponse.json(
          listPlanningItemsResponseItem.parse({
            id: 100 + body.frameId,
            ...body,
            systemId,
            frameName: 'Faccia A',
            reservationId: 200 + body.frameId,
            reservationStatus: 'option',
            expiresOn: '2026-02-27',
            periodStart: '2026-03-01',
            periodEnd: '2026-03-31',
          }),
          { status: 201 },
        );
      }),
    );
    const progress: [number, number][] = [];
    const result = await planningsDataProvider.addSystemsToPlanning('plannings', {
      id: PLANNING,
      systemIds: [1, 2, 3, 4, 5, 6, 7, 8, 1],
      onProgress: (done, total) => progress.push([done, total]),
    });

    expect(violations).toEqual([]);
    expect(availabilityCalls).toEqual([String(PLANNING)]);
    // The faces are asked of the free systems only, once.
    expect(frameQueries).toEqual([[1, 4, 5, 6, 7, 8]]);
    // Every face of a free system is put in, each once: both faces of the two-sided poster.
    expect(posted.sort((a, b) => a - b)).toEqual([11, 12, 41, 51, 61, 71, 81]);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(BULK_CONCURRENCY);

    expect(result.changed.sort()).toEqual([1, 6, 7, 8]);
    expect(result.unchanged).toEqual([3]);
    const refused = Object.fromEntries(result.refused.map((r) => [r.id, r]));
    expect(Object.keys(refused).map(Number).sort()).toEqual([2, 4, 5]);
    expect(refused[2]).toEqual({
      id: 2,
      message: 'già prenotato dal 01/03/2026 al 31/03/2026 nella pianificazione «Estate»',
      conflict: { planningId: 20, planningName: 'Estate', periodStart: '2026-03-01', periodEnd: '2026-03-31' },
    });
    // A face taken meanwhile is refused with the service's message, which names its holder, and the face.
    expect(refused[4]).toMatchObject({ id: 4, code: 'Faccia A' });
    expect(refused[4].message).toContain('in opzione dal 01/03/2026 al 31/03/2026 per Moda Sud (Sara Bianchi');
    expect(refused[5].conflict).toBeUndefined();
    expect(refused[5].message).toMatch(/raggiungibile|rete|connessione/i);
    expect(progress.at(-1)).toEqual([8, 8]);
  });

  it('asks the availability of many systems in slices the document allows', async () => {
    const sizes: number[] = [];
    server.use(
      // Not held against the document here: its validator's query parser makes an object of more than 20 repeats.
      http.get(`${PLANNER}/plannings/:id/availability`, ({ request }) => {
        const ids = new URL(request.url).searchParams.getAll('systemIds').map(Number);
        sizes.push(ids.length);
        return HttpResponse.json(ids.map((systemId) => ({ systemId, free: false, conflict: booking(PLANNING, 'Primavera', systemId) })));
      }),
    );
    const systemIds = Array.from({ length: 1100 }, (_, i) => i + 1);
    const result = await planningsDataProvider.addSystemsToPlanning('plannings', { id: PLANNING, systemIds });
    // The document's maxItems is 500.
    expect(sizes).toEqual([500, 500, 100]);
    expect(result).toEqual({ changed: [], refused: [], unchanged: systemIds });
  });
});
