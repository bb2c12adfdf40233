import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography, Link as MuiLink } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Authorization, Lease } from '@/dataProviders';
import { formatDate } from '@/ui/format';

/*
 * The end of an authorization or a lease as the screens show it: the date, with a badge when it
 * is within 90, 30 or 7 days (the alerts' thresholds) or past; and a system's permits and leases.
 */

type Permit = Authorization | Lease;

/** The days before the end date when a permit is flagged, widest first (the sandbox's alerts too). */
export const EXPIRY_THRESHOLDS = [90, 30, 7] as const;

/** How urgent an end is: the narrowest threshold reached (0 once ended), or none. */
export function urgencyOf(expiresIn: number | null | undefined): number | undefined {
  if (expiresIn === null || expiresIn === undefined) return undefined;
  if (expiresIn < 0) return 0;
  return [...EXPIRY_THRESHOLDS].reverse().find((t) => expiresIn <= t);
}

const COLORS = { 0: 'error', 7: 'error', 30: 'warning', 90: 'info' } as const;

/** The end date, with a badge when it is within 90, 30 or 7 days (or past). */
export function ExpiryBadge({ record: given }: { record?: Pick<Permit, 'endDate' | 'expiresIn'> }) {
  const translate = useTranslate();
  const fromContext = useRecordContext<Permit>();
  const chosen = given ?? fromContext;
  if (!chosen?.endDate) return <span>{translate('resources.permits.no_end')}</span>;
  const urgency = urgencyOf(chosen.expiresIn);
  const left = chosen.expiresIn ?? 0;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      {formatDate(chosen.endDate)}
      {urgency !== undefined && (
        <Chip
          size="small"
          color={COLORS[urgency as keyof typeof COLORS]}
          label={
            left < 0
              ? translate('resources.permits.expired')
              : left === 0
                ? translate('resources.permits.today')
                : translate('resources.permits.days', { smart_count: left })
          }
        />
      )}
    </span>
  );
}

/** A system's authorizations and leases, each with its end date, linked to its page. */
export function SystemPermits({ systemId }: { systemId: number }) {
  const translate = useTranslate();
  const query = {
    filter: { systemId },
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'endDate', order: 'ASC' as const },
  };
  const { data: authorizations = [] } = useGetList<Authorization>('authorizations', query);
  const { data: leases = [] } = useGetList<Lease>('leases', query);
  const rows = [
    ...authorizations.map((p) => ({ kind: 'authorizations' as const, p })),
    ...leases.map((p) => ({ kind: 'leases' as const, p })),
  ];
  if (!rows.length) return <Typography>{translate('resources.permits.system_none')}</Typography>;
  return (
    <Table size="small" aria-label={translate('resources.permits.system_title')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('resources.permits.fields.kind')}</TableCell>
          <TableCell>{translate('resources.permits.fields.name')}</TableCell>
          <TableCell>{translate('resources.permits.fields.endDate')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(({ kind, p }) => (
          <TableRow key={`${kind}-${p.id}`}>
            <TableCell>{translate(`resources.${kind}.name`, { smart_count: 1 })}</TableCell>
            <TableCell>
              <MuiLink component={RouterLink} to={`/${kind}/${p.id}`}>{p.name}</MuiLink>
            </TableCell>
            <TableCell>
              <ExpiryBadge record={p} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
