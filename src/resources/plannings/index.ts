import MapIcon from '@mui/icons-material/Map';
import type { ResourceDefinition } from '@/resources';

/** The planner service's resources; their screens are the pages of /plannings (src/routes.tsx). */
export const planningsResources: ResourceDefinition[] = [
  { name: 'plannings', icon: MapIcon, recordRepresentation: 'name' },
  { name: 'planningItems' },
];
