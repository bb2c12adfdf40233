import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';

/**
 * The `users` resource definition for the registry. Its screens are routed at /settings/users by
 * src/routes.tsx, so the definition carries no list/edit/create of its own.
 */
export const usersResource = {
  name: 'users',
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) =>
    [record.name, record.surname].filter(Boolean).join(' ') || String(record.username),
};
