import CampaignIcon from '@mui/icons-material/Campaign';
import type { ResourceDefinition } from '@/resources';

/** The campaign service's resources; their screens are the pages of /campaigns (src/routes.tsx). */
export const campaignsResources: ResourceDefinition[] = [
  { name: 'campaigns', icon: CampaignIcon, recordRepresentation: 'name' },
  { name: 'campaignMembers', recordRepresentation: 'username' },
  { name: 'campaignAttachments', recordRepresentation: 'fileName' },
];
