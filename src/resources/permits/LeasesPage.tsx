import { PermitsList } from './PermitsList';

/** /leases: every lease (locazione) of the sites. */
export default function LeasesPage() {
  return <PermitsList resource="leases" />;
}
