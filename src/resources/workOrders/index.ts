import EngineeringIcon from '@mui/icons-material/Engineering';
import type { ResourceDefinition } from '@/resources';

/** The frame service's work orders (registered for references and record representation); their screen is /providers/workOrders (src/routes.tsx). */
export const workOrdersResources: ResourceDefinition[] = [{ name: 'workOrders', icon: EngineeringIcon, recordRepresentation: 'code' }];
