import { EditBase, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { FormPage } from '@/ui/FormPage';
import { schemaResolver } from '@/ui/validation';
import { CampaignInputs } from './CampaignInputs';
import { campaignSchema, type Campaign } from './shared';

const resolver = schemaResolver(campaignSchema);

/** /campaigns/:id/edit: the campaign's fields; pessimistic, so a refused save keeps the form. */
export default function CampaignEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  return (
    <EditBase resource="campaigns" id={Number(id)} mutationMode="pessimistic" redirect={() => `campaigns/${id}`}>
      <FormPage<Campaign>
        title={(record) => translate('resources.campaigns.edit_title', { name: record?.name ?? '' })}
        resolver={resolver}
      >
        <CampaignInputs />
      </FormPage>
    </EditBase>
  );
}
