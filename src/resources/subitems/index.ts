import ListAltIcon from '@mui/icons-material/ListAlt';
import type { RaRecord } from 'react-admin';

/** The `subItems` resource (values of the sub-item types); managed on /media/manage. */
export const subItemsResource = {
  name: 'subItems',
  icon: ListAltIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
