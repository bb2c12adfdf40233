import VisibilityIcon from '@mui/icons-material/Visibility';
import type { RaRecord } from 'react-admin';
import { formatDate } from '@/ui/format';

/**
 * The `detections` resource (Rilevazioni). Its screens are routed at /media/monitor by
 * src/routes.tsx (./MediaMonitorPage.tsx), so the definition carries none itself.
 */
export const detectionsResource = {
  name: 'detections',
  icon: VisibilityIcon,
  recordRepresentation: (record: RaRecord) =>
    `${String(record.brandName ?? '')} – ${formatDate(record.detectionDate as string | undefined)}`,
};
