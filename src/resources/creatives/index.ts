import ImageIcon from '@mui/icons-material/Image';
import type { ResourceDefinition } from '@/resources';

/** The creativity service's resource; its screen is /campaigns/:id/creatives (src/routes.tsx). */
export const creativesResources: ResourceDefinition[] = [{ name: 'creatives', icon: ImageIcon, recordRepresentation: 'name' }];
