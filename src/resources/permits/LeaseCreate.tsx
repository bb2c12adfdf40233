import { PermitCreate } from './PermitForm';

export default function LeaseCreate() {
  return <PermitCreate resource="leases" />;
}
