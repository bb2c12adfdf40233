import type { paths, SchemaCampaignAttachment, SchemaMemberCandidate } from './generated/campaign';
import { callOrThrow, downloadBlob, fileForm, lazyClient, upload, type UploadProgress } from './http';

/** The campaign service: a typed openapi-fetch client. */
export const campaignApi = lazyClient<paths>('campaign');

/** GET /campaigns: every campaign (the dashboards count them and name them). */
export function listAllCampaigns() {
  return callOrThrow(campaignApi().GET('/campaigns', { params: { query: {} } }));
}

/** GET /campaignMemberCandidates: the staff who may be assigned to a campaign, by surname and name. */
export function listMemberCandidates(): Promise<SchemaMemberCandidate[]> {
  return callOrThrow(campaignApi().GET('/campaignMemberCandidates', { params: { query: {} } }));
}

/** POST /campaigns/{id}/attachments (multipart `file`) through the one upload, progress 0..1: the new attachment. */
export function uploadCampaignAttachment(
  campaignId: number,
  file: File,
  onProgress?: UploadProgress,
): Promise<SchemaCampaignAttachment> {
  return upload<SchemaCampaignAttachment>('campaign', `/campaigns/${campaignId}/attachments`, fileForm(file), onProgress);
}

/** GET /campaignAttachments/{id}/content, saved under the answer's file name (else the attachment's); resolves with the name. */
export function downloadCampaignAttachment(attachment: Pick<SchemaCampaignAttachment, 'id' | 'fileName'>): Promise<string> {
  return downloadBlob(
    campaignApi().GET('/campaignAttachments/{id}/content', { params: { path: { id: attachment.id } }, parseAs: 'blob' }),
    attachment.fileName,
  );
}
