import { PermitEdit } from './PermitForm';

export default function AuthorizationEdit() {
  return <PermitEdit resource="authorizations" />;
}
