import LightbulbIcon from '@mui/icons-material/Lightbulb';
import type { ResourceDefinition } from '@/resources';

/** The `opportunities` resource; its screens are routed by src/routes.tsx. */
export const opportunitiesResource: ResourceDefinition = {
  name: 'opportunities',
  icon: LightbulbIcon,
  recordRepresentation: 'name',
};
