import type { DataProvider, RaRecord } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { campaignsExportColumns } from '@/resources/campaigns/CampaignsPage';
import { circuitsExportColumns } from '@/resources/circuits/CircuitsPage';
import { estimatesExportColumns } from '@/resources/estimates/EstimatesPage';
import { ordersExportColumns } from '@/resources/orders/OrdersPage';
import { planningsExportColumns } from '@/resources/plannings/PlanningsPage';
import { showsExportColumns } from '@/resources/shows/ShowsPage';
import { exportCells, type ExportColumn } from '@/ui/exporter';

/*
 * The list exports write a referenced record as the list shows it (names, never ids): every
 * `…Id` column of these files is read through getMany and written by name, or by code for an order.
 */

/** Every referenced record answers with its resource in its name and code. */
const getMany = vi.fn(async (resource: string, { ids }: { ids: unknown[] }) => ({
  data: ids.map((id) => ({ id, name: `${resource} ${String(id)}`, code: `COD-${resource}-${String(id)}` })),
}));
const dataProvider = { getMany } as unknown as DataProvider;

/** The cell of each `…Id` column (by its label's field), for one row. */
async function referenceCells<R extends RaRecord>(columns: ExportColumn<R>[], row: R): Promise<Record<string, unknown>> {
  const [cells] = await exportCells(dataProvider, columns, [row]);
  return Object.fromEntries(
    columns.map((c, i) => [c.label.split('.').pop()!, cells[i]] as const).filter(([field]) => field.endsWith('Id')),
  );
}

describe('list exports name their references', () => {
  it('orders: the estimate and the advertiser by name', async () => {
    const row = { id: 1, code: 'ORD-1', status: 'confirmed', estimateId: 41, advertiserId: 42, total: 10 } as never;
    expect(await referenceCells(ordersExportColumns, row)).toEqual({ estimateId: 'estimates 41', advertiserId: 'advertisers 42' });
  });

  it('campaigns: the advertiser by name, the order by its code', async () => {
    const row = { id: 1, name: 'Estate', status: 'draft', advertiserId: 42, orderId: 43 } as never;
    expect(await referenceCells(campaignsExportColumns, row)).toEqual({ advertiserId: 'advertisers 42', orderId: 'COD-orders-43' });
  });

  it('estimates: the advertiser and the opportunity by name', async () => {
    const row = { id: 1, name: 'Offerta', status: 'draft', advertiserId: 42, opportunityId: 44, lines: [] } as never;
    expect(await referenceCells(estimatesExportColumns, row)).toEqual({ advertiserId: 'advertisers 42', opportunityId: 'opportunities 44' });
  });

  it('plannings: the campaign by name', async () => {
    const row = { id: 1, name: 'Piano', campaignId: 45, status: 'draft', totals: { systems: 2, amount: 3 } } as never;
    expect(await referenceCells(planningsExportColumns, row)).toEqual({ campaignId: 'campaigns 45' });
  });

  it('circuits: the playlist and the show by name', async () => {
    const row = { id: 1, name: 'Centro', type: 'DOOH', assets: [], playlistId: 46, showId: 47 } as never;
    expect(await referenceCells(circuitsExportColumns, row)).toEqual({ playlistId: 'playlists 46', showId: 'shows 47' });
  });

  it('shows: the playlist by name', async () => {
    const row = { id: 1, name: 'Mattina', playlistId: 46, deviceIds: [] } as never;
    expect(await referenceCells(showsExportColumns, row)).toEqual({ playlistId: 'playlists 46' });
  });
});
