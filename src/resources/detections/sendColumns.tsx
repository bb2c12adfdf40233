import { DataTable } from 'react-admin';
import { AppPagination } from '@/layout/Pagination';
import { DateText } from '@/ui/ListPage';
import { lastDays } from '@/ui/period';

/** The columns of the detections a mail lists (to an agent, a supplier, a secretariat). */
export const sendColumns = [
  <DataTable.Col key="detectionDate" source="detectionDate" field={DateText} />,
  <DataTable.Col key="brandName" source="brandName" />,
  <DataTable.Col key="subject" source="subject" />,
  <DataTable.Col key="mediaOwner" source="mediaOwner" />,
  <DataTable.Col key="municipality" source="municipality" />,
  <DataTable.Col key="format" source="format" />,
];

/** The detections a mail lists, of a period, fit one page as a rule: "select all" on the page takes them all. */
const PER_PAGE = 300;

/**
 * The list settings of the detections a mail lists: the last 30 days unless filtered otherwise,
 * newest first, pages of up to 300, nothing kept in the address or the store.
 */
export function sendListProps() {
  return {
    filterDefaultValues: lastDays(30),
    disableSyncWithLocation: true,
    storeKey: false as const,
    sort: { field: 'detectionDate', order: 'DESC' as const },
    perPage: PER_PAGE,
  };
}

/** The pager of those lists (25, 100 or a whole page of 300). */
export const sendPagination = <AppPagination rowsPerPageOptions={[25, 100, PER_PAGE]} />;
