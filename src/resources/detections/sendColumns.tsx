import { DataTable } from 'react-admin';
import { DateText } from '@/ui/ListPage';

/** The columns of the detections a mail lists (to an agent, a supplier, a secretariat). */
export const sendColumns = [
  <DataTable.Col key="detectionDate" source="detectionDate" field={DateText} />,
  <DataTable.Col key="brandName" source="brandName" />,
  <DataTable.Col key="subject" source="subject" />,
  <DataTable.Col key="mediaOwner" source="mediaOwner" />,
  <DataTable.Col key="municipality" source="municipality" />,
  <DataTable.Col key="format" source="format" />,
];
