import { AppSimpleForm } from '@/forms/unsavedChanges';
import { EditBase, Title, useEditContext, useTranslate } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { schemaResolver } from '@/ui/validation';
import { CampaignInputs } from './CampaignInputs';
import { campaignSchema, type Campaign } from './shared';

const resolver = schemaResolver(campaignSchema);

function Heading() {
  const translate = useTranslate();
  const { record } = useEditContext<Campaign>();
  const title = translate('resources.campaigns.edit_title', { name: record?.name ?? '' });
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>
        {title}
      </Typography>
    </>
  );
}

/** /campaigns/:id/edit: the campaign's fields; pessimistic, so a refused save keeps the form. */
export default function CampaignEdit() {
  const { id } = useParams();
  return (
    <EditBase
      resource="campaigns"
      id={Number(id)}
      mutationMode="pessimistic"
      redirect={() => `campaigns/${id}`}
    >
      <Heading />
      <Card>
        <CardContent>
          <AppSimpleForm resolver={resolver} sx={{ p: 0 }}>
            <CampaignInputs />
          </AppSimpleForm>
        </CardContent>
      </Card>
    </EditBase>
  );
}
