import { PermitEdit } from './PermitForm';

export default function LeaseEdit() {
  return <PermitEdit resource="leases" />;
}
