import { describe, expect, it } from 'vitest';
import type { DataProvider } from 'react-admin';
import { frameInputOf, workOrderInputOf } from '@/dataProviders/frames';
import { withLockVersions } from '@/dataProviders/lockVersions';
import { planningInputOf } from '@/dataProviders/plannings';

/*
 * A frame, a work order and a planning are saved with the version they were read at: each input
 * sends `lockVersion` through, and the app's update puts the one read (`previousData`) in the body.
 */

describe('the frame and planner updates send the version read', () => {
  const frame = {
    id: 11,
    systemId: 1,
    name: 'Faccia A',
    position: 1,
    width: 600,
    height: 300,
    digital: false,
    slots: 1,
    status: 'active',
    lockVersion: 42,
  };
  const order = {
    id: 41,
    code: 'WO-000041',
    frameId: 11,
    systemId: 1,
    frameName: 'Faccia A',
    type: 'maintenance',
    dueDate: '2026-03-04',
    teamId: 2,
    notes: '',
    status: 'todo',
    lockVersion: 43,
  };
  const planning = {
    id: 5,
    name: 'Milano',
    campaignId: 9,
    orderId: null,
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    status: 'draft',
    totals: {},
    lockVersion: 44,
  };

  it('each input takes lockVersion through', () => {
    expect(frameInputOf(frame)).toMatchObject({ name: 'Faccia A', lockVersion: 42 });
    expect(workOrderInputOf(order)).toEqual({
      frameId: 11,
      type: 'maintenance',
      dueDate: '2026-03-04',
      teamId: 2,
      status: 'todo',
      lockVersion: 43,
    });
    expect(planningInputOf(planning)).toMatchObject({ name: 'Milano', lockVersion: 44 });
  });

  it.each([
    ['frames', frame, frameInputOf],
    ['workOrders', order, workOrderInputOf],
    ['plannings', planning, planningInputOf],
  ] as const)(
    'an update of %s sends the previousData’s lockVersion when the form’s values carry none',
    async (resource, read, toInput) => {
      const bodies: unknown[] = [];
      const provider = withLockVersions({
        update: (_resource: string, params: { data: object }) => {
          bodies.push(toInput(params.data));
          return Promise.resolve({ data: params.data });
        },
      } as unknown as DataProvider);
      const { lockVersion: _read, ...typed } = read;
      await provider.update(resource, {
        id: read.id,
        data: { ...typed, name: 'Cambiato' },
        previousData: read,
      });
      expect(bodies[0]).toMatchObject({ lockVersion: read.lockVersion });
    },
  );
});
