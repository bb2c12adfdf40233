import { PermitsList } from './PermitsList';

/** /authorizations: every authorization (permesso) of the sites. */
export default function AuthorizationsPage() {
  return <PermitsList resource="authorizations" />;
}
