import type { components, paths } from './generated/frame';
import { callOrThrow, downloadBlob, lazyClient } from './http';

/** The frame service: a typed openapi-fetch client. */
export const frameApi = lazyClient<paths>('frame');

export type Frame = components['schemas']['Frame'];
export type FrameInput = components['schemas']['FrameInput'];
export type FrameStatus = components['schemas']['FrameStatus'];

export const FRAME_STATUSES: FrameStatus[] = ['initialized', 'active', 'maintenance', 'removed'];

/** The faces of these systems (at most 500 systems a request), by system and position. */
export async function facesOfSystems(systemIds: number[]): Promise<Frame[]> {
  const out: Frame[] = [];
  for (let i = 0; i < systemIds.length; i += 500) {
    const systemId = systemIds.slice(i, i + 500);
    out.push(...(await callOrThrow(frameApi().GET('/frames', { params: { query: { filter: JSON.stringify({ systemId }), sort: JSON.stringify(['position', 'ASC']) } } }))));
  }
  return out;
}

export type ProofOfPosting = components['schemas']['ProofOfPosting'];

/** A campaign's proof of posting, face by face (staff, or the guest of the campaign's shared link). */
export const getProofOfPosting = (campaignId: number): Promise<ProofOfPosting> =>
  callOrThrow(frameApi().GET('/proofOfPosting/{campaignId}', { params: { path: { campaignId } } }));

/** GET /proofOfPosting/{campaignId}/pdf, saved as the file the service names (prova-affissione-{campaignId}.pdf). */
export const downloadProofOfPostingPdf = (campaignId: number): Promise<string> =>
  downloadBlob(frameApi().GET('/proofOfPosting/{campaignId}/pdf', { params: { path: { campaignId } }, parseAs: 'blob' }), `prova-affissione-${campaignId}.pdf`);

const photoUrls = new Map<number, Promise<string>>();

/** A proof photo as an object URL (downloaded once per page), for an <img>. */
export function workOrderPhotoUrl(id: number): Promise<string> {
  let url = photoUrls.get(id);
  if (!url) {
    url = callOrThrow(frameApi().GET('/workOrderPhotos/{id}/content', { params: { path: { id } }, parseAs: 'blob' })).then((blob) =>
      URL.createObjectURL(blob as Blob),
    );
    url.catch(() => photoUrls.delete(id));
    photoUrls.set(id, url);
  }
  return url;
}

export type CampaignDelivery = components['schemas']['CampaignDelivery'];
export type MakeGood = components['schemas']['MakeGood'];
export type MakeGoodInput = components['schemas']['MakeGoodInput'];

/** A campaign's delivery against what was contracted, face by face, and its make-goods. */
export const getCampaignDelivery = (campaignId: number): Promise<CampaignDelivery> =>
  callOrThrow(frameApi().GET('/campaignDelivery/{campaignId}', { params: { path: { campaignId } } }));

/** POST /makeGoods: more days on a booked face, or days on another face (409 naming what holds it). */
export const createMakeGood = (body: MakeGoodInput): Promise<MakeGood> => callOrThrow(frameApi().POST('/makeGoods', { body }));

/** POST /teamLinks: a provider team's link for its installers (a new one revokes the older). */
export const createTeamLink = (body: components['schemas']['TeamLinkInput']): Promise<components['schemas']['TeamLink']> =>
  callOrThrow(frameApi().POST('/teamLinks', { body }));

export type CanoneSummary = components['schemas']['CanoneUnicoSummary'];
export type CanoneSummaryRow = CanoneSummary['rows'][number];
export type CanoneFace = components['schemas']['CanoneUnicoFace'];
export type CanoneRate = components['schemas']['CanoneUnicoRate'];
export type CanoneRateInput = components['schemas']['CanoneUnicoRateInput'];

/** The canone unico of a year per municipality, with its totals. */
export const getCanoneUnicoSummary = (year: number): Promise<CanoneSummary> =>
  callOrThrow(frameApi().GET('/canoneUnico/summary', { params: { query: { year } } }));

/** The liable faces of a year, of one municipality when given. */
export const listCanoneUnicoFaces = (year: number, municipalityIstat?: string): Promise<CanoneFace[]> =>
  callOrThrow(frameApi().GET('/canoneUnico/faces', { params: { query: { year, ...(municipalityIstat ? { municipalityIstat } : {}) } } }));

/** Every municipality with systems and its canone unico rates. */
export const listCanoneUnicoRates = (): Promise<CanoneRate[]> => callOrThrow(frameApi().GET('/canoneUnico/rates'));

/** Sets a municipality's rates (with the version read: a change saved since is refused). */
export const updateCanoneUnicoRate = (municipalityIstat: string, body: CanoneRateInput): Promise<CanoneRate> =>
  callOrThrow(frameApi().PUT('/canoneUnico/rates/{municipalityIstat}', { params: { path: { municipalityIstat } }, body }));

/** The year's canone unico workbook (Riepilogo and Facce). */
export const exportCanoneUnico = async (year: number): Promise<Blob> =>
  (await callOrThrow(frameApi().GET('/canoneUnico/summary/export', { params: { query: { year } }, parseAs: 'blob' }))) as Blob;
