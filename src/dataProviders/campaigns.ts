import type { DataProvider } from 'react-admin';
import { downloadCampaignAttachment, listMemberCandidates, uploadCampaignAttachment } from '@/api/campaign';
import { campaignHistory } from '@/api/history';
import type {
  SchemaCampaign,
  SchemaCampaignAttachment,
  SchemaCampaignMember,
  SchemaMemberCandidate,
} from '@/api/generated/campaign';
import type { SchemaHistoryEntry } from '@/api/generated/history';
import type { operations } from '@/api/generated/campaign';
import { createCampaignBody, createCampaignMemberBody } from '@/api/generated/campaign.fields';
import { inputOf, type RequestBody } from './shared';
import { simpleRestProvider } from './simpleRest';

/* What a create or a full update sends: the input schema's fields, a cleared one as null. */
export const campaignInputOf = inputOf<RequestBody<operations['createCampaign']>>(createCampaignBody, { name: 'form', advertiserId: 'form', periodStart: 'form', periodEnd: 'form', status: 'form', budget: 'form' }, { empty: 'null' });
export const campaignMemberInputOf = inputOf<RequestBody<operations['createCampaignMember']>>(createCampaignMemberBody, { campaignId: 'form', username: 'form', role: 'form' }, { empty: 'null' });

/** `campaigns`, `campaignMembers` and `campaignAttachments` over the campaign service (simple-rest). */
const campaignsCrud: DataProvider = simpleRestProvider('campaign', {
  campaigns: { toInput: campaignInputOf },
  campaignMembers: { toInput: campaignMemberInputOf },
  campaignAttachments: { readOnly: true },
});

/**
 * The campaign screens' custom methods, reached with `useDataProvider<AppDataProvider>()` (the
 * composite provider routes them by the resource given first, like react-admin's own methods).
 */
export interface CampaignsMethods {
  campaignHistory(resource: 'campaigns', params: { id: number }): Promise<SchemaHistoryEntry[]>;
  /** The members tab's picker: the staff who may be assigned (the user list is the admin's and the manager's). */
  memberCandidates(resource: 'campaignMembers'): Promise<SchemaMemberCandidate[]>;
  uploadCampaignAttachment(
    resource: 'campaignAttachments',
    params: { campaignId: number; file: File; onProgress?: (fraction: number) => void },
  ): Promise<SchemaCampaignAttachment>;
  downloadCampaignAttachment(
    resource: 'campaignAttachments',
    params: { attachment: Pick<SchemaCampaignAttachment, 'id' | 'fileName'> },
  ): Promise<string>;
}

export const campaignsDataProvider: DataProvider & CampaignsMethods = {
  ...campaignsCrud,
  campaignHistory: (_r, { id }) => campaignHistory(id),
  memberCandidates: () => listMemberCandidates(),
  uploadCampaignAttachment: (_r, { campaignId, file, onProgress }) =>
    uploadCampaignAttachment(campaignId, file, onProgress),
  downloadCampaignAttachment: (_r, { attachment }) => downloadCampaignAttachment(attachment),
};

export type {
  SchemaCampaign as Campaign,
  SchemaCampaignMember as CampaignMember,
  SchemaCampaignAttachment as CampaignAttachment,
  SchemaMemberCandidate as MemberCandidate,
};
