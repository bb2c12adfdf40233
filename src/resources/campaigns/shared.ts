import type { SchemaCampaign, SchemaCampaignStatus } from '@/api/generated/campaign';
import { CampaignStatusTransitions } from '@/api/generated/campaign.rules';
import { createCampaignBody } from '@/api/generated/campaign.zod';
import { codeChoices } from '@/ui/format';
import { endNotBeforeStart, withRules } from '@/ui/validation';

export type Campaign = SchemaCampaign;

export const CAMPAIGN_STATUSES = createCampaignBody.shape.status.unwrap().options;
export const STATUS_LABELS = 'resources.campaigns.status';
export const campaignStatusChoices = codeChoices(STATUS_LABELS, CAMPAIGN_STATUSES);
/** The form's choices: the saved status and the moves `CampaignStatus.x-transitions` allows from it. */
export const statusChoicesFrom = (saved: SchemaCampaignStatus) =>
  codeChoices(STATUS_LABELS, [saved, ...CampaignStatusTransitions[saved]]);

/** The create/update body from the document, plus the rule the document states in words. */
export const campaignSchema = withRules(createCampaignBody, endNotBeforeStart('periodStart', 'periodEnd'));
