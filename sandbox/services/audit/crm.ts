import type { Db } from '../../db';
import { HttpError, type HandlerContext } from '../../http';
import { allRows } from '../../store';
import { salesPeople } from '../../shared/sales';

/* ---------- CRM sync ---------- */

/**
 * A lead becomes an opportunity through the opportunity service's own save (its handler
 * `saveOpportunity`, called in-process on the same transaction), so the record is stored exactly
 * as POST /v1/opportunity/save stores it. The advertiser is the one named like the brand (else the
 * first), the sales person the first ROLE_SALES user.
 */
interface LeadOpportunity {
  name: string;
  detectionId: number;
  brandName: string;
  detectionDate: string;
  opportunityId?: number;
}

/** What a sync reads once: the opportunities, the advertisers and the sales people. */
interface SyncScope {
  opportunities: Awaited<ReturnType<typeof allRows>>;
  advertisers: Awaited<ReturnType<typeof allRows>>;
  sales: Awaited<ReturnType<typeof salesPeople>>;
}

export async function syncScope(db: Db): Promise<SyncScope> {
  return {
    opportunities: await allRows(db, 'opportunities'),
    advertisers: await allRows(db, 'advertisers'),
    sales: await salesPeople(db),
  };
}

export async function upsertOpportunity(
  ctx: HandlerContext,
  db: Db,
  scope: SyncScope,
  lead: LeadOpportunity,
): Promise<{ id: number; created: boolean } | { skipped: string }> {
  const existing = lead.opportunityId
    ? scope.opportunities.find((o) => o.id === lead.opportunityId)
    : scope.opportunities.find((o) => Number(o.detectionId) === lead.detectionId);
  if (lead.opportunityId && !existing) return { skipped: `Opportunità ${lead.opportunityId} non trovata` };
  if (existing && (existing.status === 'won' || existing.status === 'lost')) {
    return { skipped: `Opportunità ${existing.id} chiusa: non aggiornabile` };
  }
  let body: Record<string, unknown>;
  if (existing) {
    // Already up to date: nothing to write.
    if (
      existing.name === lead.name &&
      Number(existing.detectionId) === lead.detectionId &&
      existing.source === 'mediamonitor'
    ) {
      return { id: existing.id, created: false };
    }
    const { id, advertiserId, salesId, status, amount, expectedCloseDate } = existing;
    body = {
      id,
      name: lead.name,
      advertiserId,
      salesId,
      status,
      amount,
      source: 'mediamonitor',
      detectionId: lead.detectionId,
    };
    if (expectedCloseDate) body.expectedCloseDate = expectedCloseDate;
  } else {
    const advertiser =
      scope.advertisers.find((a) => String(a.name ?? '').toLowerCase() === lead.brandName.toLowerCase()) ??
      scope.advertisers[0];
    const salesPerson = scope.sales.find((s) => s.username === 'sales') ?? scope.sales[0];
    if (!advertiser || !salesPerson)
      return { skipped: 'Nessun inserzionista o commerciale disponibile per creare l’opportunità' };
    const close = new Date(`${lead.detectionDate}T00:00:00Z`);
    close.setUTCDate(close.getUTCDate() + 90);
    body = {
      name: lead.name,
      advertiserId: advertiser.id,
      salesId: salesPerson.id,
      status: 'new',
      amount: 0,
      expectedCloseDate: close.toISOString().slice(0, 10),
      source: 'mediamonitor',
      detectionId: lead.detectionId,
    };
  }
  try {
    const saved = (await ctx.services.invoke(ctx, db, 'opportunity', 'saveOpportunity', { body })) as { id: number };
    const id = Number(saved.id);
    return { id, created: !existing };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return { skipped: error.message };
    throw error;
  }
}
