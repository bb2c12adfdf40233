import { PermitCreate } from './PermitForm';

export default function AuthorizationCreate() {
  return <PermitCreate resource="authorizations" />;
}
