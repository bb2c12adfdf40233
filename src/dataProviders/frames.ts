import type { DataProvider } from 'react-admin';
import type { FrameInput } from '@/api/frame';
import {
  createMakeGood,
  createTeamLink,
  getCampaignDelivery,
  type CampaignDelivery,
  type MakeGood,
  type MakeGoodInput,
  exportCanoneUnico,
  getCanoneUnicoSummary,
  listCanoneUnicoFaces,
  listCanoneUnicoRates,
  updateCanoneUnicoRate,
  type CanoneFace,
  type CanoneRate,
  type CanoneRateInput,
  type CanoneSummary,
} from '@/api/frame';
import type { components, operations } from '@/api/generated/frame';
import { createFrameBody, createWorkOrderBody } from '@/api/generated/frame.fields';
import { inputOf, type RequestBody } from './shared';
import { simpleRestProvider } from './simpleRest';

/** What a create or a full update sends: FrameInput's fields, empty optional ones left out. */
export const frameInputOf = inputOf<FrameInput>(createFrameBody, {
  systemId: 'form',
  name: 'form',
  position: 'form',
  width: 'form',
  height: 'form',
  digital: 'form',
  loopSeconds: 'form',
  slotSeconds: 'form',
  excludedBusinessAreas: 'form',
  status: 'form',
  netSurface: 'form',
  lit: 'form',
});

/** What a work order's create or full update sends: WorkOrderInput's fields. */
export const workOrderInputOf = inputOf<RequestBody<operations['createWorkOrder']>>(createWorkOrderBody, {
  frameId: 'form',
  type: 'form',
  dueDate: 'form',
  teamId: 'form',
  notes: 'form',
  status: 'form',
});

/** The frame service's custom calls, reached with `useDataProvider<AppDataProvider>()`. */
export interface FramesMethods {
  /** A provider team's link for its installers (a new one revokes the older). */
  createTeamLink(resource: 'workOrders', params: { teamId: number; expiresAt?: string }): Promise<components['schemas']['TeamLink']>;
  /** A campaign's delivery against what was contracted, face by face, and its make-goods. */
  getCampaignDelivery(resource: 'workOrders', params: { campaignId: number }): Promise<CampaignDelivery>;
  /** Gives a make-good for a booked face. */
  createMakeGood(resource: 'workOrders', body: MakeGoodInput): Promise<MakeGood>;
  /** The canone unico of a year per municipality. */
  getCanoneSummary(resource: 'frames', params: { year: number }): Promise<CanoneSummary>;
  /** The liable faces of a year (of one municipality). */
  getCanoneFaces(resource: 'frames', params: { year: number; municipalityIstat?: string }): Promise<CanoneFace[]>;
  /** Every municipality with systems and its rates. */
  getCanoneRates(resource: 'frames'): Promise<CanoneRate[]>;
  /** Sets a municipality's rates (admin). */
  updateCanoneRate(resource: 'frames', params: { municipalityIstat: string; data: CanoneRateInput }): Promise<CanoneRate>;
  /** The year's workbook. */
  exportCanone(resource: 'frames', params: { year: number }): Promise<Blob>;
}

/** `frames` and `workOrders` over the frame service (ra-data-simple-rest dialect, with the session's bearer). */
export const framesDataProvider: DataProvider & FramesMethods = {
  ...simpleRestProvider('frame', { frames: { toInput: frameInputOf }, workOrders: { toInput: workOrderInputOf } }),
  createTeamLink: (_r, body) => createTeamLink(body),
  getCampaignDelivery: (_r, { campaignId }) => getCampaignDelivery(campaignId),
  createMakeGood: (_r, body) => createMakeGood(body),
  getCanoneSummary: (_r, { year }) => getCanoneUnicoSummary(year),
  getCanoneFaces: (_r, { year, municipalityIstat }) => listCanoneUnicoFaces(year, municipalityIstat),
  getCanoneRates: () => listCanoneUnicoRates(),
  updateCanoneRate: (_r, { municipalityIstat, data }) => updateCanoneUnicoRate(municipalityIstat, data),
  exportCanone: (_r, { year }) => exportCanoneUnico(year),
};
