import { CreateBase, useTranslate } from 'react-admin';
import { FormPage } from '@/ui/FormPage';
import { schemaResolver } from '@/ui/validation';
import { CampaignInputs } from './CampaignInputs';
import { campaignSchema } from './shared';

const resolver = schemaResolver(campaignSchema);

/** /campaigns/create: a new campaign, planned by default. */
export default function CampaignCreate() {
  const translate = useTranslate();
  return (
    <CreateBase resource="campaigns" record={{ status: 'planned' }} redirect={(_r, id) => `campaigns/${id}`}>
      <FormPage title={translate('resources.campaigns.create_title')} resolver={resolver}>
        <CampaignInputs />
      </FormPage>
    </CreateBase>
  );
}
