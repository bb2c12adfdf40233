import { Typography } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  FunctionField,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useTranslate,
} from 'react-admin';
import { codeLabel } from '@/ui/format';
import { DateText, ListPage } from '@/ui/ListPage';
import { campaignStatusChoices, STATUS_LABELS, type Campaign } from './shared';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={campaignStatusChoices} alwaysOn />,
  <ReferenceInput key="advertiserId" source="advertiserId" reference="advertisers">
    <AutocompleteInput />
  </ReferenceInput>,
];

/**
 * /creatives: the campaigns, each row opening its creatives manager. The way in for every role that
 * may manage creatives, the designer among them, who may not open the campaigns' own screens: the
 * route guard decides who opens it, so the list reads campaigns without react-admin's resource
 * check (which follows the campaigns screens' roles).
 */
export default function CreativeCampaignsPage() {
  const translate = useTranslate();
  return (
    <ListPage
      heading={translate('resources.creatives.campaigns')}
      resource="campaigns"
      storeKey="creativeCampaigns"
      disableAuthentication
      filters={filters}
      actions={false}
      sort={{ field: 'periodStart', order: 'DESC' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        {translate('resources.creatives.campaigns_help')}
      </Typography>
      <DataTable rowClick={(id) => `/campaigns/${id}/creatives`} bulkActionButtons={false}>
        <DataTable.Col source="name" label="resources.campaigns.fields.name" />
        <DataTable.Col source="status" label="resources.campaigns.fields.status">
          <FunctionField<Campaign> source="status" render={(c) => codeLabel(STATUS_LABELS, c.status)} />
        </DataTable.Col>
        <DataTable.Col source="advertiserId" label="resources.campaigns.fields.advertiserId">
          <ReferenceField source="advertiserId" reference="advertisers" link={false} />
        </DataTable.Col>
        <DataTable.Col source="periodStart" field={DateText} label="resources.campaigns.fields.periodStart" />
        <DataTable.Col source="periodEnd" field={DateText} label="resources.campaigns.fields.periodEnd" />
      </DataTable>
    </ListPage>
  );
}
