import ScreenshotMonitorIcon from '@mui/icons-material/ScreenshotMonitor';
import type { ResourceDefinition } from '@/resources';

/**
 * The device service's resources (registered for references and record representation); their
 * screens are /dooh/players, /dooh-manage/manage, /shows-manage/manage and /playerDOOH (src/routes.tsx).
 */
export const devicesResources: ResourceDefinition[] = [
  { name: 'devices', icon: ScreenshotMonitorIcon, recordRepresentation: 'serial' },
  { name: 'shows', recordRepresentation: 'name' },
  { name: 'playlists', recordRepresentation: 'name' },
];
