import type { ReactNode } from 'react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CoreAdminContext, useNotificationContext } from 'react-admin';
import { storeSession } from '@/auth/session';
import { sandboxHosts, setRuntimeConfig } from '@/config/environment';
import { dataProvider } from '@/dataProviders';
import { i18nProvider } from '@/i18n';
import { useCircuitMembership } from '@/ui/circuitMembership';

/*
 * The system detail and the circuit page put a system into / out of a circuit with one hook: the
 * notification names the system and the circuit; a refusal of the service is said of the circuit.
 */

const ORIGIN = 'http://svc.test';
const CIRCUITS = `${ORIGIN}/circuits/v1`;
const TOTEM = { id: 2, name: 'Totem Duomo', type: 'DOOH' as const, assets: [4] };
const server = setupServer();
const patched: unknown[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  patched.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: sandboxHosts(ORIGIN) } });
  storeSession({ auth: 'tok', user: { username: 'assetmanager' }, type: 'ROLE_ASSETMANAGER', group: 'administrators' });
  server.use(http.get(`${CIRCUITS}/circuit/id`, () => HttpResponse.json(TOTEM)));
});
afterEach(() => {
  server.resetHandlers();
  setRuntimeConfig({ environment: 'prod', hosts: {} });
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <CoreAdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
    {children}
  </CoreAdminContext>
);
/** A notification as the person reads it. */
const said = (n: { message: unknown; notificationOptions?: { messageArgs?: Record<string, unknown> } }) =>
  i18nProvider.translate(String(n.message), n.notificationOptions?.messageArgs);
const render = () =>
  renderHook(() => ({ ...useCircuitMembership(), notes: useNotificationContext().notifications }), { wrapper });

describe('useCircuitMembership', () => {
  it('adds: one PATCH with the new member list, the success names system and circuit', async () => {
    server.use(
      http.patch(`${CIRCUITS}/circuit/update`, async ({ request }) => {
        patched.push(await request.json());
        return HttpResponse.json({ ...TOTEM, assets: [4, 9] });
      }),
    );
    const { result } = render();
    act(() => result.current.add.mutate({ circuit: TOTEM, systemId: 9, code: 'MI-0009' }));
    await waitFor(() => expect(result.current.notes).toHaveLength(1));
    expect(patched).toEqual([{ assets: [4, 9] }]);
    expect(result.current.notes[0].type).toBe('success');
    expect(said(result.current.notes[0])).toBe(
      'Impianto MI-0009 aggiunto al circuito Totem Duomo',
    );
  });

  it('a refused system: the service’s reason, in Italian, said of the circuit', async () => {
    server.use(
      http.patch(`${CIRCUITS}/circuit/update`, () =>
        HttpResponse.json({ status: 409, message: 'Gli impianti MI-0009 non sono di tipo DOOH' }, { status: 409 }),
      ),
    );
    const { result } = render();
    act(() => result.current.add.mutate({ circuit: TOTEM, systemId: 9, code: 'MI-0009' }));
    await waitFor(() => expect(result.current.notes).toHaveLength(1));
    expect(result.current.notes[0].type).toBe('error');
    expect(result.current.notes[0].message).toBe('Il circuito Totem Duomo non accetta l’impianto: Gli impianti MI-0009 non sono di tipo DOOH');
  });

  it('removes: the member list without the system, the success names system and circuit', async () => {
    server.use(
      http.patch(`${CIRCUITS}/circuit/update`, async ({ request }) => {
        patched.push(await request.json());
        return HttpResponse.json({ ...TOTEM, assets: [] });
      }),
    );
    const { result } = render();
    act(() => result.current.remove.mutate({ circuit: TOTEM, systemId: 4, code: 'MI-0004' }));
    await waitFor(() => expect(result.current.notes).toHaveLength(1));
    expect(patched).toEqual([{ assets: [] }]);
    expect(said(result.current.notes[0])).toBe(
      'Impianto MI-0004 rimosso dal circuito Totem Duomo',
    );
  });
});
