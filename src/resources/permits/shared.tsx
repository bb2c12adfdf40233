import type { Authorization, Lease } from '@/dataProviders';
import { createAuthorizationBody, createLeaseBody } from '@/api/generated/systems.zod';
import { formatDate, formatMoney } from '@/ui/format';
import type { ExportColumn } from '@/ui/exporter';
import { endNotBeforeStart, withRules } from '@/ui/validation';

export type Permit = Authorization | Lease;
export type PermitResource = 'authorizations' | 'leases';

/** The form's rules: the document's body, and the end not before the start (under the end date). */
export const authorizationSchema = withRules(
  createAuthorizationBody,
  endNotBeforeStart('startDate', 'endDate'),
);
export const leaseSchema = withRules(createLeaseBody, endNotBeforeStart('startDate', 'endDate'));

const systemsText = (p: Permit) => p.systems.map((s) => s.code).join(', ');

export const EXPORT_COLUMNS: Record<PermitResource, ExportColumn<Permit>[]> = {
  authorizations: [
    { label: 'resources.authorizations.fields.name', value: (p) => p.name },
    { label: 'resources.authorizations.fields.issuer', value: (p) => ('issuer' in p ? p.issuer : null) },
    { label: 'resources.authorizations.fields.number', value: (p) => ('number' in p ? p.number : null) },
    { label: 'resources.authorizations.fields.startDate', value: (p) => formatDate(p.startDate) },
    { label: 'resources.authorizations.fields.endDate', value: (p) => formatDate(p.endDate) },
    {
      label: 'resources.authorizations.fields.cost',
      value: (p) => ('cost' in p && p.cost != null ? formatMoney(p.cost) : null),
    },
    { label: 'resources.authorizations.fields.systems', value: systemsText },
    { label: 'resources.authorizations.fields.notes', value: (p) => p.notes },
  ],
  leases: [
    { label: 'resources.leases.fields.name', value: (p) => p.name },
    { label: 'resources.leases.fields.landlord', value: (p) => ('landlord' in p ? p.landlord : null) },
    { label: 'resources.leases.fields.reference', value: (p) => ('reference' in p ? p.reference : null) },
    { label: 'resources.leases.fields.startDate', value: (p) => formatDate(p.startDate) },
    { label: 'resources.leases.fields.endDate', value: (p) => formatDate(p.endDate) },
    {
      label: 'resources.leases.fields.annualCost',
      value: (p) => ('annualCost' in p && p.annualCost != null ? formatMoney(p.annualCost) : null),
    },
    { label: 'resources.leases.fields.systems', value: systemsText },
    { label: 'resources.leases.fields.notes', value: (p) => p.notes },
  ],
};

export { ExpiryBadge } from '@/ui/PermitExpiry';
