import {
  Datagrid,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  useTranslate,
} from 'react-admin';
import type { Campaign } from '@/dataProviders/campaigns';
import { period } from '../orders/common';

export const CAMPAIGN_STATUSES = ['planned', 'running', 'paused', 'completed', 'cancelled'] as const;
export const campaignStatusChoices = CAMPAIGN_STATUSES.map((id) => ({
  id,
  name: `resources.campaigns.status.${id}`,
}));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={campaignStatusChoices} alwaysOn />,
  <TextInput key="advertiserId" source="advertiserId" type="number" />,
  <TextInput key="orderId" source="orderId" type="number" />,
];

/** /campaigns: every campaign, searchable and filtered by status, advertiser and order. */
export default function CampaignsPage() {
  const translate = useTranslate();
  return (
    <List
      resource="campaigns"
      filters={filters}
      sort={{ field: 'periodStart', order: 'DESC' }}
      title={translate('resources.campaigns.name', { smart_count: 2 })}
      empty={false}
    >
      <Datagrid rowClick={(id) => `/campaigns/${id}`} bulkActionButtons={false}>
        <TextField source="name" />
        <FunctionField
          source="status"
          render={(c: Campaign) => translate(`resources.campaigns.status.${c.status}`)}
        />
        <TextField source="advertiserId" />
        <TextField source="orderId" emptyText="—" />
        <FunctionField
          source="periodStart"
          label="resources.campaigns.fields.period"
          render={(c: Campaign) => period(c.periodStart, c.periodEnd)}
        />
        <NumberField source="budget" options={{ style: 'currency', currency: 'EUR' }} locales="it-IT" />
      </Datagrid>
    </List>
  );
}
