import GavelIcon from '@mui/icons-material/Gavel';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import type { ResourceDefinition } from '@/resources';

/** Authorizations and leases of the systems service; their screens are the pages of /authorizations and /leases (src/routes.tsx). */
export const permitsResources: ResourceDefinition[] = [
  { name: 'authorizations', icon: GavelIcon, recordRepresentation: 'name' },
  { name: 'leases', icon: HomeWorkIcon, recordRepresentation: 'name' },
];
