import { AppSimpleForm } from '@/forms/unsavedChanges';
import { CreateBase, Title, useTranslate } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';
import { schemaResolver } from '@/ui/validation';
import { CampaignInputs } from './CampaignInputs';
import { campaignSchema } from './shared';

const resolver = schemaResolver(campaignSchema);

/** /campaigns/create: a new campaign, planned by default. */
export default function CampaignCreate() {
  const translate = useTranslate();
  const title = translate('resources.campaigns.create_title');
  return (
    <CreateBase resource="campaigns" record={{ status: 'planned' }} redirect={(_r, id) => `campaigns/${id}`}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>
        {title}
      </Typography>
      <Card>
        <CardContent>
          <AppSimpleForm resolver={resolver} sx={{ p: 0 }}>
            <CampaignInputs />
          </AppSimpleForm>
        </CardContent>
      </Card>
    </CreateBase>
  );
}
