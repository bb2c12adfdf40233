import type { SchemaSystem as System } from '@/api/generated/systems';
import type { ExportColumn } from '@/ui/exporter';
import { formatDate } from '@/ui/format';
import { systemStatusLabel, systemTypeLabel } from './shared';

/** Names of references, comma-separated, as the list shows them. */
export const names = (refs: { name: string }[] | undefined) => (refs ?? []).map((r) => r.name).join(', ');

/** The export: every row of the filter, codes as Italian labels, references by name, dates dd/mm/yyyy. */
export const exportColumns: ExportColumn<System>[] = [
  { label: 'resources.systems.fields.code', value: (s) => s.code },
  { label: 'resources.systems.fields.name', value: (s) => s.name },
  { label: 'resources.systems.fields.type', value: (s) => s.type },
  { label: 'resources.systems.fields.systemType', value: (s) => systemTypeLabel(s.systemType) },
  { label: 'resources.systems.fields.status', value: (s) => systemStatusLabel(s.status) },
  { label: 'resources.systems.fields.address', value: (s) => s.address },
  { label: 'resources.systems.fields.municipality', value: (s) => s.municipality.name },
  { label: 'resources.systems.fields.province', value: (s) => s.province },
  { label: 'resources.systems.fields.region', value: (s) => s.region },
  { label: 'resources.systems.fields.zipCode', value: (s) => s.zipCode },
  { label: 'resources.systems.fields.latitude', value: (s) => s.latitude },
  { label: 'resources.systems.fields.longitude', value: (s) => s.longitude },
  { label: 'resources.systems.fields.mediaOwners', value: (s) => names(s.mediaOwners) },
  { label: 'resources.systems.fields.area', value: (s) => s.area?.name },
  { label: 'resources.systems.fields.lease', value: (s) => s.lease?.name },
  { label: 'resources.systems.fields.updatedAt', value: (s) => formatDate(s.updatedAt) },
];
