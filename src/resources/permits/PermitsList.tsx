import { CreateButton, DataTable, FunctionField, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import { ExportAllButton } from '@/ui/exporter';
import { DateText, ListPage } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';
import { MONEY_OPTIONS } from '@/ui/format';
import { EXPORT_COLUMNS, ExpiryBadge, type Permit, type PermitResource } from './shared';

/** The first systems' codes, and how many more (a lease of a whole city names hundreds). */
const systemsOf = (p: Permit, translate: (key: string, options?: object) => string) => {
  const codes = p.systems.map((s) => s.code);
  return codes.length > 3 ? `${codes.slice(0, 3).join(', ')} ${translate('resources.permits.more', { count: codes.length - 3 })}` : codes.join(', ');
};

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /authorizations, /leases: every record, searchable, sortable, soonest end first, exported whole. */
export function PermitsList({ resource }: { resource: PermitResource }) {
  const translate = useTranslate();
  const lease = resource === 'leases';
  return (
    <ListPage
      heading={translate(`resources.${resource}.title`)}
      resource={resource}
      filters={filters}
      sort={{ field: 'endDate', order: 'ASC' }}
      actions={
        <TopToolbar>
          <ListViewButtons />
          <CreateButton
            resource={resource}
            to={`/${resource}/create`}
            label={`resources.${resource}.create`}
          />
          <ExportAllButton
            columns={EXPORT_COLUMNS[resource]}
            fileName={translate(`resources.${resource}.file_name`)}
          />
        </TopToolbar>
      }
    >
      <DataTable rowClick={(id) => `/${resource}/${id}`} bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source={lease ? 'landlord' : 'issuer'} />
        <DataTable.Col source={lease ? 'reference' : 'number'} />
        <DataTable.Col source="startDate" field={DateText} />
        <DataTable.Col source="endDate">
          <ExpiryBadge />
        </DataTable.Col>
        <DataTable.NumberCol source={lease ? 'annualCost' : 'cost'} options={MONEY_OPTIONS} locales="it-IT" />
        <DataTable.Col source="systems" disableSort>
          <FunctionField<Permit> render={(p) => systemsOf(p, translate)} />
        </DataTable.Col>
      </DataTable>
    </ListPage>
  );
}
