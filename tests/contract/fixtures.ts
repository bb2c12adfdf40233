/**
 * What an operation needs so that its valid request can succeed (write mode only): the records it
 * names, made by this run through the services' own operations, with unique values carrying the
 * run marker. A resource is made by one create operation and removed by one delete operation; the
 * ledger (`ledger.ts`) keeps what was made so the clean-up deletes exactly that.
 *
 * Keys are `service.operationId`. A fixture returns a patch for the operation's valid request; the
 * request built from the document stays the base, so a document change still flows into the run.
 */
import type { RequestSpec } from './requests';

export type Scalar = string | number | boolean | null;

export interface RequestPatch {
  path?: Record<string, Scalar>;
  /** Replaces every entry of each named key (an array: repeated values). */
  query?: Record<string, Scalar | Scalar[]>;
  /** Merged over the JSON / form body value, or over the multipart fields. */
  body?: Record<string, unknown>;
  /** Replaces the JSON body value. */
  bodyValue?: unknown;
  /** Replaces the content of the first file part (a workbook made for the run, say). */
  file?: { bytes: Uint8Array; mediaType: string; fileName: string };
  /** Sends the request as another user of this run (their access token), not as the run's user. */
  bearer?: string;
}

/** A record this run made. */
export interface Made {
  resource: string;
  id: number;
  /** The create operation's answer. */
  json: Record<string, unknown>;
}

export interface FixtureApi {
  /** `QA<run number>-<n>`: unique in this run, and across runs (the run number). */
  unique(): string;
  /** `qa<run number>-<n>@contract-test.invalid` (a reserved domain: nobody is mailed). */
  email(): string;
  /** A unique string of `length` digits (VAT numbers, fiscal codes). */
  digits(length: number): string;
  /** A code matching `^[A-Z]{2}-[0-9]{4,}$` (system codes). */
  code(): string;
  /** A record of the resource shared by the run (made on first use). */
  need(resource: string): Promise<Made>;
  /** A new record of the resource, for an operation that consumes it (delete, status move). */
  fresh(resource: string): Promise<Made>;
  /** A record of the resource that the create operation's own checks made and nothing else uses, if any. */
  spare(resource: string): Made | undefined;
  /** Sends another operation's valid request (with its resource patch and `patch`); the JSON of its 2xx answer, or throws. */
  call(opKey: string, patch?: RequestPatch): Promise<unknown>;
  /** Like `call`, for an operation that answers a file: its bytes. */
  download(opKey: string, patch?: RequestPatch): Promise<Uint8Array>;
  /** The sign-in user's name. */
  username: string;
  /** Signs in as a user this run made; their access token. */
  signInAs(username: string, password: string): Promise<string>;
}

export interface ResourceSpec {
  /** The operation that makes one (`service.operationId`). */
  create: string;
  /** The create request's unique values and parent records. */
  patch?: (f: FixtureApi) => Promise<RequestPatch> | RequestPatch;
  /** The record's id in the create answer (default `id`). */
  idField?: string;
  /** For a create that answers no id: finds it (so the clean-up can delete the record). */
  find?: (f: FixtureApi, answer: Record<string, unknown>) => Promise<number | undefined>;
  /** The operation that deletes one, and where the id goes. Absent: the document has no delete. */
  remove?: { op: string; at: (made: Made) => RequestPatch };
  /** The create refuses the same values twice (409): the suite sends it twice on purpose. */
  unique?: boolean;
  /** The operation that reads one by id: parallel creates are each read back (the concurrency case). */
  read?: { op: string; at: (made: Made) => RequestPatch };
}

const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** A period of two weeks starting in three weeks (a face held for it is sold in the future, and its option lasts). */
const comingWeeks = () => ({ periodStart: inFuture(21).slice(0, 10), periodEnd: inFuture(34).slice(0, 10) });
const num = (made: Made, field: string) => made.json[field] as Scalar;

/** The token of the run's team's link for its installers (the team of the run's work orders). */
async function teamToken(f: FixtureApi): Promise<string> {
  const answer = (await f.call('frame.createTeamLink', { body: { teamId: (await f.need('team')).id, expiresAt: inFuture(30) } })) as { token?: string };
  if (!answer.token) throw new Error('the team link answered no token');
  return answer.token;
}

async function advertiserValues(f: FixtureApi): Promise<Record<string, unknown>> {
  return { name: `Inserzionista ${f.unique()}`, vatNumber: f.digits(11), fiscalCode: f.digits(11), email: f.email() };
}

/** The authorization or lease the last permit document of the run was uploaded to (its answer names the document alone). */
let lastDocumentOwner = 0;
/** A permit document uploaded to a new record of `owner` (it goes with its record when the run cleans up). */
const permitDocumentSpec = (kind: 'Authorization' | 'Lease', owner: string): ResourceSpec => ({
  create: `systems.upload${kind}Document`,
  patch: async (f) => {
    lastDocumentOwner = (await f.fresh(owner)).id;
    return { path: { id: lastDocumentOwner } };
  },
});

export const RESOURCES: Record<string, ResourceSpec> = {
  advertiser: {
    create: 'advertiser.createAdvertiser',
    patch: async (f) => ({ body: await advertiserValues(f) }),
    remove: { op: 'advertiser.deleteAdvertiser', at: (m) => ({ query: { id: m.id } }) },
    unique: true,
  },
  advertiserImage: {
    create: 'advertiser.uploadAdvertiserImage',
    patch: async (f) => ({ body: { advertiserId: (await f.need('advertiser')).id } }),
    remove: { op: 'advertiser.deleteAdvertiserImage', at: (m) => ({ path: { id: m.id } }) },
  },
  detection: {
    create: 'audit.createDetection',
    // The subject carries the marker into what is made from the detection (the lead sync's opportunity).
    patch: (f) => ({ body: { subject: `Soggetto ${f.unique()}`, notes: `Rilevazione ${f.unique()}` } }),
    idField: 'auditId',
    remove: { op: 'audit.deleteDetection', at: (m) => ({ query: { auditId: m.id } }) },
  },
  agent: {
    create: 'audit.createAgent',
    patch: (f) => ({ body: { name: 'Agente', surname: f.unique(), email: f.email() } }),
    unique: true,
  },
  mediaType: {
    create: 'audit.createSubItem',
    patch: (f) => ({ path: { type: 'mediatype' }, bodyValue: { media_type: { name: `Tipo ${f.unique()}`, description: 'Creato dalla suite di contratto' } } }),
    remove: { op: 'audit.deleteSubItem', at: (m) => ({ path: { type: 'mediatype', id: m.id } }) },
    read: { op: 'audit.getSubItemById', at: (m) => ({ path: { type: 'mediatype', id: m.id } }) },
    unique: true,
  },
  opportunity: {
    create: 'opportunity.saveOpportunity',
    patch: (f) => ({ body: { name: `Opportunità ${f.unique()}` } }),
  },
  order: {
    create: 'order.createOrder',
    patch: (f) => ({ body: { notes: `Ordine ${f.unique()}` } }),
    remove: { op: 'order.deleteOrder', at: (m) => ({ path: { id: m.id } }) },
    read: { op: 'order.getOrderById', at: (m) => ({ path: { id: m.id } }) },
  },
  campaign: {
    create: 'campaign.createCampaign',
    patch: async (f) => ({ body: { name: `Campagna ${f.unique()}`, orderId: (await f.need('order')).id } }),
    remove: { op: 'campaign.deleteCampaign', at: (m) => ({ path: { id: m.id } }) },
  },
  campaignMember: {
    create: 'campaign.createCampaignMember',
    patch: async (f) => ({ body: { campaignId: (await f.fresh('campaign')).id } }),
    remove: { op: 'campaign.deleteCampaignMember', at: (m) => ({ path: { id: m.id } }) },
  },
  campaignAttachment: {
    create: 'campaign.uploadCampaignAttachment',
    patch: async (f) => ({ path: { id: (await f.need('campaign')).id } }),
    remove: { op: 'campaign.deleteCampaignAttachment', at: (m) => ({ path: { id: m.id } }) },
  },
  savedView: {
    // The signed-in user's own views: a list key of the run's own, so a run never meets another's views.
    create: 'user.createSavedView',
    patch: (f) => ({ body: { list: f.unique(), name: `Vista ${f.unique()}` } }),
    remove: { op: 'user.deleteSavedView', at: (m) => ({ path: { viewId: m.id } }) },
    unique: true,
  },
  catalog: {
    create: 'catalogue.createCatalog',
    patch: (f) => ({ body: { name: `Listino ${f.unique()}` } }),
    remove: { op: 'catalogue.deleteCatalog', at: (m) => ({ path: { id: m.id } }) },
    unique: true,
  },
  circuit: {
    create: 'circuits.createCircuit',
    patch: (f) => ({ query: { name: `Circuito ${f.unique()}`, type: 'OOH' } }),
    remove: { op: 'circuits.deleteCircuit', at: (m) => ({ query: { id: m.id } }) },
    unique: true,
  },
  creative: {
    create: 'creativity.uploadCreative',
    patch: async (f) => ({ body: { campaignId: (await f.need('campaign')).id, name: `Creatività ${f.unique()}` } }),
    remove: { op: 'creativity.deleteCreative', at: (m) => ({ path: { id: m.id } }) },
  },
  device: {
    create: 'device.createDevice',
    // In stock: a player goes only on a DOOH system, and the example's system need not be one on the seed.
    patch: (f) => ({ body: { serial: `SN-${f.unique()}`, systemId: undefined } }),
    remove: { op: 'device.deleteDevice', at: (m) => ({ path: { id: m.id } }) },
    unique: true,
  },
  playlist: {
    create: 'device.createPlaylist',
    patch: (f) => ({ body: { name: `Playlist ${f.unique()}` } }),
    remove: { op: 'device.deletePlaylist', at: (m) => ({ path: { id: m.id } }) },
  },
  show: {
    create: 'device.createShow',
    patch: async (f) => ({ body: { name: `Show ${f.unique()}`, playlistId: (await f.need('playlist')).id, deviceIds: [(await f.need('device')).id] } }),
    remove: { op: 'device.deleteShow', at: (m) => ({ path: { id: m.id } }) },
  },
  estimate: {
    create: 'estimate.saveEstimate',
    patch: (f) => ({ body: { name: `Preventivo ${f.unique()}` } }),
    remove: { op: 'estimate.deleteEstimate', at: (m) => ({ query: { id: m.id } }) },
  },
  frame: {
    create: 'frame.createFrame',
    patch: async (f) => ({ body: { systemId: (await f.fresh('system')).id, position: 1, name: `Faccia ${f.unique()}` } }),
    remove: { op: 'frame.deleteFrame', at: (m) => ({ path: { id: m.id } }) },
    unique: true,
  },
  // A maintenance order of the run's team on a face of its own (the documents have no delete: it is left).
  workOrder: {
    create: 'frame.createWorkOrder',
    patch: async (f) => ({ body: { frameId: (await f.fresh('frame')).id, type: 'maintenance', teamId: (await f.need('team')).id, dueDate: inFuture(2).slice(0, 10) } }),
  },
  mail: {
    create: 'mail.sendMail',
    patch: (f) => ({ body: { subject: `Rapporto ${f.unique()}` } }),
    remove: { op: 'mail.deleteMail', at: (m) => ({ path: { id: m.id } }) },
  },
  orderDocument: {
    create: 'order.uploadOrderDocument',
    patch: async (f) => ({ path: { id: (await f.need('order')).id } }),
    remove: { op: 'order.deleteOrderDocument', at: (m) => ({ path: { id: m.id } }) },
  },
  orderCampaign: {
    create: 'order.createOrderCampaign',
    patch: async (f) => ({ body: { orderId: (await f.fresh('order')).id, campaignId: (await f.need('campaign')).id } }),
    remove: { op: 'order.deleteOrderCampaign', at: (m) => ({ path: { id: m.id } }) },
    unique: true,
  },
  planning: {
    create: 'planner.createPlanning',
    patch: async (f) => ({ body: { name: `Pianificazione ${f.unique()}`, campaignId: (await f.need('campaign')).id } }),
    remove: { op: 'planner.deletePlanning', at: (m) => ({ path: { id: m.id } }) },
  },
  // A face of its own (a new frame on a new system): a face takes one sale at a time.
  planningItem: {
    create: 'planner.createPlanningItem',
    patch: async (f) => ({ body: { planningId: (await f.need('planning')).id, frameId: (await f.fresh('frame')).id } }),
    remove: { op: 'planner.deletePlanningItem', at: (m) => ({ path: { id: m.id } }) },
  },
  // An option on a face of its own, in the coming weeks. The documents give no delete: an option
  // ends by release or expiry, and the clean-up deletes its face.
  reservation: {
    create: 'planner.createReservation',
    patch: async (f) => ({ body: { frameId: (await f.fresh('frame')).id, advertiserId: (await f.need('advertiser')).id, estimateId: (await f.need('estimate')).id, ...comingWeeks() } }),
  },
  product: {
    create: 'product.saveProduct',
    patch: (f) => ({ body: { code: `QA-${f.digits(8)}`, name: `Prodotto ${f.unique()}` } }),
    remove: { op: 'product.deleteProduct', at: (m) => ({ query: { productId: m.id } }) },
    unique: true,
  },
  productPhoto: {
    create: 'product.uploadProductPhoto',
    patch: async (f) => ({ body: { productId: (await f.need('product')).id } }),
    remove: { op: 'product.deleteProductPhoto', at: (m) => ({ path: { id: m.id }, query: { productId: num(m, 'productId') } }) },
  },
  event: {
    create: 'scheduler.saveEvent',
    patch: (f) => ({ body: { name: `Evento ${f.unique()}` } }),
    remove: { op: 'scheduler.deleteEvent', at: (m) => ({ query: { id: m.id } }) },
    unique: true,
  },
  share: {
    create: 'share.createShare',
    patch: async (f) => ({ body: { resourceType: 'estimate', resourceId: (await f.need('estimate')).id, expiresAt: inFuture(30) } }),
    remove: { op: 'share.deleteShare', at: (m) => ({ query: { id: m.id } }) },
  },
  system: {
    create: 'systems.createSystem',
    patch: (f) => ({ query: { type: 'OOH' }, body: { code: f.code(), name: `Impianto ${f.unique()}` } }),
    remove: { op: 'systems.deleteSystem', at: (m) => ({ query: { id: m.id } }) },
    unique: true,
  },
  // On a system of the run (a lease moves the system off its previous one).
  authorization: {
    create: 'systems.createAuthorization',
    patch: async (f) => ({ body: { name: `Autorizzazione ${f.unique()}`, systemIds: [(await f.need('system')).id] } }),
    remove: { op: 'systems.deleteAuthorization', at: (m) => ({ path: { id: m.id } }) },
    read: { op: 'systems.getAuthorizationById', at: (m) => ({ path: { id: m.id } }) },
  },
  lease: {
    create: 'systems.createLease',
    patch: async (f) => ({ body: { name: `Locazione ${f.unique()}`, systemIds: [(await f.need('system')).id] } }),
    remove: { op: 'systems.deleteLease', at: (m) => ({ path: { id: m.id } }) },
    read: { op: 'systems.getLeaseById', at: (m) => ({ path: { id: m.id } }) },
  },
  authorizationDocument: permitDocumentSpec('Authorization', 'authorization'),
  leaseDocument: permitDocumentSpec('Lease', 'lease'),
  systemImage: {
    create: 'systems.uploadSystemImage',
    patch: async (f) => ({ body: { systemId: (await f.need('system')).id } }),
    remove: { op: 'systems.deleteSystemImage', at: (m) => ({ path: { id: m.id } }) },
  },
  team: {
    create: 'systems.createTeam',
    patch: (f) => ({ body: { companyName: `Squadra ${f.unique()}`, vat: f.digits(11), mail: f.email() } }),
    remove: { op: 'systems.deleteTeam', at: (m) => ({ path: { id: m.id } }) },
  },
  systemProvider: {
    create: 'systems.createSystemProvider',
    patch: async (f) => ({ body: { systemId: (await f.fresh('system')).id, teamId: (await f.need('team')).id } }),
    remove: { op: 'systems.deleteSystemProvider', at: (m) => ({ path: { id: m.id } }) },
    unique: true,
  },
  signUp: {
    create: 'user.signUp',
    patch: (f) => ({ body: { username: f.unique().toLowerCase(), email: f.email() } }),
    // The sign-up answers the user name only: the newest users page has the id.
    find: async (f, answer) => {
      const page = (await f.call('user.listUsers', { path: { page: 0, perPage: 50, sort: 'DESC' }, query: { sortValue: 'createdAt' } })) as { content?: Array<{ id?: unknown; username?: unknown }> };
      const id = page.content?.find((u) => u.username === answer.username)?.id;
      return typeof id === 'number' ? id : undefined;
    },
    remove: { op: 'user.deleteUser', at: (m) => ({ query: { userId: m.id } }) },
    unique: true,
  },
  user: {
    create: 'user.createUser',
    patch: (f) => ({ body: { username: f.unique().toLowerCase(), email: f.email() } }),
    remove: { op: 'user.deleteUser', at: (m) => ({ query: { userId: m.id } }) },
    read: { op: 'user.getUserById', at: (m) => ({ path: { id: m.id } }) },
    unique: true,
  },
};

/** Operations other than a resource's create that make a record of a resource (for the clean-up). */
export const ALSO_CREATES: Record<string, string> = {
  'order.createOrderFromEstimate': 'order',
};

/**
 * Operations whose answer names records they made from other records: those made from the run's
 * own records go into the ledger (listed, or deleted, at the end).
 */
export const MADE_BY_ANSWER: Record<string, (answer: unknown, owns: (resource: string, id: number) => boolean) => Array<{ resource: string; id: number }>> = {
  // The planning made from an order of this run (answered as { planning, skipped }).
  'planner.createPlanningFromOrder': (answer, owns) => {
    const planning = (answer as { planning?: { id?: unknown; orderId?: unknown } } | undefined)?.planning;
    return typeof planning?.id === 'number' && typeof planning.orderId === 'number' && owns('order', planning.orderId) ? [{ resource: 'planning', id: planning.id }] : [];
  },
  'audit.syncLeads': (answer, owns) => {
    const created = (answer as { created?: Array<{ auditId?: unknown; opportunityId?: unknown }> } | undefined)?.created ?? [];
    return created.filter((c) => typeof c.auditId === 'number' && typeof c.opportunityId === 'number' && owns('detection', c.auditId)).map((c) => ({ resource: 'opportunity', id: c.opportunityId as number }));
  },
};

/** The password `createUser`'s example gives the users this run makes. */
const RUN_USER_PASSWORD = 'Estate-sul-Garda-2026';

/**
 * The client's side of a shared offer: a new estimate of this run, valid for a month and sent, a
 * link to it, and that link's guest token (the client's answer needs the guest of its own link).
 */
async function sharedOfferGuest(f: FixtureApi): Promise<RequestPatch> {
  const estimate = (await f.call('estimate.saveEstimate', { body: { validUntil: inFuture(30).slice(0, 10) } })) as { id: number };
  await f.call('estimate.changeEstimateStatus', { query: { estimateId: estimate.id, status: 'sent' } });
  const share = (await f.call('share.createShare', { body: { resourceType: 'estimate', resourceId: estimate.id, expiresAt: inFuture(30) } })) as { token: string };
  const guest = (await f.call('share.authenticateShareToken', { query: { resourceType: 'estimate', resourceId: estimate.id, token: share.token } })) as { access_token: string };
  return { query: { resourceType: 'estimate', resourceId: estimate.id }, bearer: guest.access_token };
}

/** As a new user of this run: an operation on "the signed-in user's own" record never touches the run's own user. */
async function asRunUser(f: FixtureApi): Promise<RequestPatch> {
  const user = await f.fresh('user');
  return { bearer: await f.signInAs(num(user, 'username') as string, RUN_USER_PASSWORD) };
}

/**
 * The token a mail of `kind` to the address `to` carries, read as its recipient reads it: from the
 * sandbox's test mailbox (CONTRACT_TEST_MAILBOX, the GET /internal/mailbox of a sandbox started with
 * --test-mailbox). The outbox of the mail service hides such tokens from everyone.
 */
async function mailedToken(_f: FixtureApi, kind: string, to: string, pattern: RegExp): Promise<string> {
  const mailbox = process.env.CONTRACT_TEST_MAILBOX;
  if (!mailbox) throw new Error(`no test mailbox (CONTRACT_TEST_MAILBOX) to read the ${kind} mail to ${to} from`);
  const response = await fetch(`${mailbox}?${new URLSearchParams({ to, kind })}`);
  if (!response.ok) throw new Error(`test mailbox ${mailbox}: ${response.status}`);
  const page = (await response.json()) as unknown;
  const mails = Array.isArray(page) ? page : [];
  for (const mail of mails as Array<{ body?: unknown }>) {
    const match = pattern.exec(String(mail.body ?? ''));
    if (match) return match[1];
  }
  throw new Error(`no ${kind} mail to ${to} in the test mailbox`);
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template with one row added under its header (first sheet; columns found by their header). */
async function fillTemplate(template: Uint8Array, row: Record<string, Scalar>): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template.buffer.slice(template.byteOffset, template.byteOffset + template.byteLength) as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = sheet.getRow(1);
  const target = sheet.getRow(2);
  header.eachCell((cell, column) => {
    const value = row[String(cell.value ?? '').trim()];
    if (value !== undefined && value !== null) target.getCell(column).value = value as string | number | boolean;
  });
  target.commit();
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

type Fixture = (f: FixtureApi, valid: RequestSpec) => Promise<RequestPatch>;

const pathId = (resource: string, fresh = false): Fixture => async (f) => ({ path: { id: (await (fresh ? f.fresh(resource) : f.need(resource))).id } });
/** The delete of a record of this run: a spare one when there is one, else a new one (`fresh`: always new). */
const removeOf = (resource: string, fresh = false): Fixture => async (f) => {
  const spec = RESOURCES[resource];
  return (spec.remove as NonNullable<ResourceSpec['remove']>).at((fresh ? undefined : f.spare(resource)) ?? (await f.fresh(resource)));
};

/** A document uploaded for the occasion to a new authorization or lease of the run (it goes with its record). */
/** A document of the run, uploaded for the occasion, and its record. */
const permitDocument = (resource: string): Fixture => async (f) => {
  const document = await f.fresh(`${resource}Document`);
  return { path: { id: lastDocumentOwner, documentId: document.id } };
};

/** Per operation: the patch that gives its valid request records of this run to work on. */
export const FIXTURES: Record<string, Fixture> = {
  'advertiser.updateAdvertiser': async (f) => {
    const a = await f.need('advertiser');
    return { body: { id: a.id, ...(await advertiserValues(f)) } };
  },
  'advertiser.updateAdvertiserLogo': pathId('advertiser'),
  'advertiser.getAdvertiserImage': pathId('advertiserImage'),
  // A new one: a logo update replaces the advertiser's image, so an older one may be gone.
  'advertiser.deleteAdvertiserImage': removeOf('advertiserImage', true),
  'advertiser.deleteAdvertiser': removeOf('advertiser'),

  'audit.updateDetection': async (f) => {
    const d = await f.need('detection');
    return { query: { auditId: d.id }, body: { auditId: d.id } };
  },
  'audit.updateDetectionLead': pathId('detection'),
  'audit.deleteDetection': removeOf('detection'),
  'audit.sendDetectionsToAgent': async (f) => ({ body: { agentId: (await f.need('agent')).id, auditIds: [(await f.need('detection')).id] } }),
  'audit.updateSubItem': async (f) => ({ path: { type: 'mediatype' }, body: { id: (await f.need('mediaType')).id, name: `Tipo ${f.unique()}` } }),
  'audit.deleteSubItem': removeOf('mediaType'),

  'campaign.updateCampaign': async (f) => {
    const c = await f.need('campaign');
    // Same status: a running campaign could not be deleted by the clean-up.
    return { path: { id: c.id }, body: { id: c.id, orderId: num(c, 'orderId'), status: num(c, 'status'), name: `Campagna ${f.unique()}` } };
  },
  'campaign.deleteCampaign': removeOf('campaign'),
  'campaign.updateCampaignMember': async (f) => {
    const m = await f.need('campaignMember');
    return { path: { id: m.id }, body: { id: m.id, campaignId: num(m, 'campaignId') } };
  },
  'campaign.deleteCampaignMember': removeOf('campaignMember'),
  'campaign.deleteCampaignAttachment': removeOf('campaignAttachment'),

  'catalogue.updateCatalog': async (f) => ({ path: { id: (await f.need('catalog')).id }, body: { name: `Listino ${f.unique()}` } }),
  'catalogue.deleteCatalog': removeOf('catalog'),

  'circuits.listCircuitAssets': async (f) => ({ query: { id: (await f.need('circuit')).id, type: 'OOH' } }),
  'circuits.updateCircuit': async (f) => ({ query: { id: (await f.need('circuit')).id, type: 'OOH', name: `Circuito ${f.unique()}` } }),
  'circuits.deleteCircuit': removeOf('circuit'),

  'creativity.getCreativeById': pathId('creative'),
  'creativity.downloadCreative': pathId('creative'),
  'creativity.updateCreative': async (f) => {
    const c = await f.need('creative');
    return { path: { id: c.id }, body: { id: c.id, campaignId: num(c, 'campaignId'), mediaType: num(c, 'mediaType'), kind: num(c, 'kind') } };
  },
  'creativity.deleteCreative': removeOf('creative'),

  'device.updateDevice': async (f) => {
    const d = await f.need('device');
    // In stock: the example's system 2 is not a DOOH system on every environment, and a player goes only on one.
    return { path: { id: d.id }, bodyValue: { id: d.id, serial: num(d, 'serial'), model: num(d, 'model'), resolution: num(d, 'resolution'), status: 'maintenance' } };
  },
  'device.deleteDevice': removeOf('device'),
  'device.updatePlaylist': async (f) => {
    const p = await f.need('playlist');
    return { path: { id: p.id }, body: { id: p.id } };
  },
  'device.deletePlaylist': removeOf('playlist'),
  'device.updateShow': async (f) => {
    const s = await f.need('show');
    return { path: { id: s.id }, body: { id: s.id, playlistId: num(s, 'playlistId'), deviceIds: s.json.deviceIds } };
  },
  'device.deleteShow': removeOf('show'),
  'device.getProofOfPlay': async (f) => ({ path: { campaignId: (await f.need('campaign')).id } }),

  'estimate.changeEstimateStatus': async (f) => ({ query: { estimateId: (await f.fresh('estimate')).id, status: 'sent' } }),
  'estimate.deleteEstimate': removeOf('estimate'),

  'frame.updateFrame': async (f) => {
    const fr = await f.need('frame');
    return { path: { id: fr.id }, body: { id: fr.id, systemId: num(fr, 'systemId'), position: num(fr, 'position') } };
  },
  'frame.deleteFrame': removeOf('frame'),

  'frame.getWorkOrder': pathId('workOrder'),
  'frame.updateWorkOrder': async (f) => {
    const w = await f.need('workOrder');
    return { path: { id: w.id }, body: { frameId: num(w, 'frameId'), type: 'maintenance', teamId: num(w, 'teamId'), dueDate: num(w, 'dueDate'), notes: `Nota ${f.unique()}` } };
  },
  // A planning of the run with a face of its own, confirmed (which makes its orders; asking again makes none).
  'frame.createWorkOrdersFromPlanning': async (f) => {
    const planning = await f.fresh('planning');
    await f.call('planner.createPlanningItem', { body: { planningId: planning.id, frameId: (await f.fresh('frame')).id } });
    await f.call('planner.updatePlanning', { path: { id: planning.id }, body: { id: planning.id, campaignId: num(planning, 'campaignId'), status: 'confirmed' } });
    return { body: { planningId: planning.id } };
  },
  'frame.createTeamLink': async (f) => ({ body: { teamId: (await f.need('team')).id, expiresAt: inFuture(30) } }),
  'frame.getFieldOrders': async (f) => ({ path: { token: await teamToken(f) } }),
  'frame.uploadFieldPhoto': async (f) => ({ path: { token: await teamToken(f), id: (await f.fresh('workOrder')).id }, body: { kind: 'wide' } }),
  // Done needs both photos: the wide and the close one of a new order.
  'frame.markFieldOrderDone': async (f) => {
    const token = await teamToken(f);
    const w = await f.fresh('workOrder');
    for (const kind of ['wide', 'close']) await f.call('frame.uploadFieldPhoto', { path: { token, id: w.id }, body: { kind } });
    return { path: { token, id: w.id }, body: { note: `Fatto ${f.unique()}` } };
  },
  'frame.reportFieldProblem': async (f) => ({ path: { token: await teamToken(f), id: (await f.fresh('workOrder')).id }, body: { kind: 'torn' } }),
  'frame.downloadWorkOrderPhoto': async (f) => {
    const answer = (await f.call('frame.uploadFieldPhoto', { path: { token: await teamToken(f), id: (await f.fresh('workOrder')).id }, body: { kind: 'close' } })) as { photos: Array<{ id: number }> };
    return { path: { id: answer.photos[0].id } };
  },
  'frame.getProofOfPosting': async (f) => ({ path: { campaignId: (await f.need('campaign')).id } }),
  'frame.getProofOfPostingPdf': async (f) => ({ path: { campaignId: (await f.need('campaign')).id } }),
  'frame.getCampaignDelivery': async (f) => ({ path: { campaignId: (await f.need('campaign')).id } }),
  // A planning of the run with a face of its own, confirmed: one more day on that face (free after it).
  'frame.createMakeGood': async (f) => {
    const planning = await f.fresh('planning');
    const item = (await f.call('planner.createPlanningItem', { body: { planningId: planning.id, frameId: (await f.fresh('frame')).id } })) as { id: number };
    await f.call('planner.updatePlanning', { path: { id: planning.id }, body: { id: planning.id, campaignId: num(planning, 'campaignId'), status: 'confirmed' } });
    return { body: { planningItemId: item.id, kind: 'extraDays', days: 1, reason: `Recupero ${f.unique()}` } };
  },
  'frame.getCanoneUnicoSummary': async () => ({ query: { year: new Date().getFullYear() } }),
  'frame.listCanoneUnicoFaces': async () => ({ query: { year: new Date().getFullYear() } }),
  'frame.exportCanoneUnico': async () => ({ query: { year: new Date().getFullYear() } }),
  'frame.listCanoneUnicoRates': async () => ({}),
  // The rates of a municipality with systems, sent back as they are (the run changes no one's rates).
  'frame.updateCanoneUnicoRate': async (f) => {
    const rates = (await f.call('frame.listCanoneUnicoRates')) as Array<{ municipalityIstat: string; configured: boolean; annualRate: number; dailyRate: number; litMultiplier: number }>;
    const rate = rates.find((r) => r.configured);
    if (!rate) throw new Error('no municipality has canone unico rates');
    return { path: { municipalityIstat: rate.municipalityIstat }, body: { annualRate: rate.annualRate, dailyRate: rate.dailyRate, litMultiplier: rate.litMultiplier } };
  },

  'history.listCampaignHistory': pathId('campaign'),
  'history.listAdvertiserHistory': pathId('advertiser'),
  'history.listAdvertiserUserHistory': pathId('advertiser'),

  'mail.getMail': pathId('mail'),
  'mail.deleteMail': removeOf('mail'),

  'order.getOrderById': pathId('order'),
  'order.updateOrder': async (f) => {
    const o = await f.fresh('order');
    // The order stays a draft: only a draft can be deleted by the clean-up.
    return { path: { id: o.id }, body: { id: o.id, code: num(o, 'code'), estimateId: null, status: num(o, 'status') } };
  },
  'order.deleteOrder': removeOf('order'),
  'order.createOrderFromEstimate': async (f) => {
    const e = await f.fresh('estimate');
    await f.call('estimate.changeEstimateStatus', { query: { estimateId: e.id, status: 'sent' } });
    await f.call('estimate.changeEstimateStatus', { query: { estimateId: e.id, status: 'accepted' } });
    return { path: { estimateId: e.id } };
  },
  'order.deleteOrderDocument': removeOf('orderDocument'),
  'order.deleteOrderCampaign': removeOf('orderCampaign'),

  'planner.updatePlanning': async (f) => {
    const p = await f.need('planning');
    return { path: { id: p.id }, body: { id: p.id, campaignId: num(p, 'campaignId'), name: `Pianificazione ${f.unique()}` } };
  },
  'planner.deletePlanning': removeOf('planning'),
  'planner.getPlanningItemById': pathId('planningItem'),
  'planner.updatePlanningItem': async (f) => {
    const i = await f.need('planningItem');
    return { path: { id: i.id }, body: { id: i.id, planningId: num(i, 'planningId'), frameId: num(i, 'frameId') } };
  },
  'planner.deletePlanningItem': removeOf('planningItem'),
  'planner.createPlanningFromOrder': async (f) => {
    const campaign = await f.need('campaign');
    return { body: { orderId: num(campaign, 'orderId'), campaignId: campaign.id, name: `Pianificazione ${f.unique()}` } };
  },
  // Two faces of their own (one on a mock, which answers the same example id for both).
  'planner.holdFaces': async (f) => ({
    body: {
      frameIds: [...new Set([(await f.fresh('frame')).id, (await f.fresh('frame')).id])],
      advertiserId: (await f.need('advertiser')).id,
      estimateId: (await f.need('estimate')).id,
      ...comingWeeks(),
    },
  }),
  'planner.getReservationById': pathId('reservation'),
  'planner.renewReservation': async (f) => ({ path: { id: (await f.need('reservation')).id }, body: { expiresOn: inFuture(10).slice(0, 10) } }),
  'planner.releaseReservation': pathId('reservation', true),
  'planner.quoteFaces': async (f) => ({
    body: { catalogId: (await f.need('catalog')).id, productId: (await f.need('product')).id, frameIds: [(await f.need('frame')).id], ...comingWeeks() },
  }),
  // The settings as they are, sent back: a run changes nothing of a shared environment.
  'planner.updateReservationSettings': async (f) => ({ bodyValue: await f.call('planner.getReservationSettings') }),
  // A notice of the run's user: its option on a face, a request of its own queued behind it, the
  // option released: the request becomes an option and its holder is told.
  'planner.markNotificationRead': async (f) => {
    const option = await f.fresh('reservation');
    await f.call('planner.createReservation', { body: { frameId: num(option, 'frameId'), queue: true } });
    await f.call('planner.releaseReservation', { path: { id: option.id } });
    const notices = (await f.call('planner.listNotifications', { query: { filter: '{"unread":true}', sort: '["id","DESC"]', range: '[0,0]' } })) as Array<{ id: number }>;
    if (!notices[0]) throw new Error('no notice for the queued request that became an option');
    return { path: { id: notices[0].id } };
  },
  // A notice of the run's user to mark read with the rest (made as for markNotificationRead).
  'planner.markAllNotificationsRead': async (f) => {
    const option = await f.fresh('reservation');
    await f.call('planner.createReservation', { body: { frameId: num(option, 'frameId'), queue: true } });
    await f.call('planner.releaseReservation', { path: { id: option.id } });
    return {};
  },

  'product.deleteProduct': removeOf('product'),
  'product.getProductPhoto': pathId('productPhoto'),
  'product.deleteProductPhoto': removeOf('productPhoto'),

  'scheduler.deleteEvent': removeOf('event'),

  'share.updateShare': async (f) => ({ query: { id: (await f.need('share')).id }, body: { expiresAt: inFuture(60) } }),
  'share.sendShareLink': async (f) => ({ query: { id: (await f.need('share')).id } }),
  'share.deleteShare': removeOf('share'),
  'share.authenticateShareToken': async (f) => {
    const s = await f.need('share');
    return { query: { resourceId: num(s, 'resourceId'), resourceType: num(s, 'resourceType'), token: num(s, 'token') } };
  },

  'share.acceptSharedEstimate': sharedOfferGuest,
  'share.requestSharedEstimateChanges': sharedOfferGuest,

  'systems.updateSystem': async (f) => {
    const s = await f.need('system');
    return { query: { id: s.id, type: 'OOH' }, body: { code: num(s, 'code'), name: `Impianto ${f.unique()}` } };
  },
  // The search by circuit: the members of a circuit of this run.
  'systems.searchSystems': async (f) => ({ bodyValue: { circuitIds: [(await f.need('circuit')).id] } }),
  'systems.deleteSystem': removeOf('system'),
  'systems.removeSystemDomains': pathId('system'),
  'systems.importSystems': async (f) => {
    // One row naming a system of this run by its code: the import updates it, and makes nothing new.
    const system = await f.need('system');
    const row: Record<string, Scalar> = {
      Codice: num(system, 'code'),
      Nome: `Impianto ${f.unique()}`,
      Tipo: num(system, 'type'),
      Tipologia: num(system, 'systemType'),
      Indirizzo: num(system, 'address'),
      Comune: (system.json.municipality as { istatCode?: string } | undefined)?.istatCode ?? null,
      Latitudine: num(system, 'latitude'),
      Longitudine: num(system, 'longitude'),
    };
    const template = await f.download('systems.downloadImportTemplate');
    return { file: { bytes: await fillTemplate(template, row), mediaType: XLSX, fileName: `impianti-${f.unique()}.xlsx` } };
  },
  'systems.getAuthorizationById': pathId('authorization'),
  'systems.updateAuthorization': async (f) => ({ path: { id: (await f.need('authorization')).id }, body: { name: `Autorizzazione ${f.unique()}`, systemIds: [(await f.need('system')).id] } }),
  'systems.deleteAuthorization': removeOf('authorization'),
  'systems.uploadAuthorizationDocument': pathId('authorization'),
  'systems.downloadAuthorizationDocument': permitDocument('authorization'),
  'systems.deleteAuthorizationDocument': permitDocument('authorization'),
  'systems.getLeaseById': pathId('lease'),
  'systems.updateLease': async (f) => ({ path: { id: (await f.need('lease')).id }, body: { name: `Locazione ${f.unique()}`, systemIds: [(await f.need('system')).id] } }),
  'systems.deleteLease': removeOf('lease'),
  'systems.uploadLeaseDocument': pathId('lease'),
  'systems.downloadLeaseDocument': permitDocument('lease'),
  'systems.deleteLeaseDocument': permitDocument('lease'),
  'systems.getSystemImage': pathId('systemImage'),
  'systems.deleteSystemImage': removeOf('systemImage'),
  'systems.updateTeam': async (f) => {
    const t = await f.need('team');
    return { path: { id: t.id }, body: { companyName: `Squadra ${f.unique()}`, vat: f.digits(11), mail: f.email() } };
  },
  'systems.deleteTeam': removeOf('team'),
  'systems.updateSystemProvider': async (f) => {
    const p = await f.need('systemProvider');
    return { path: { id: p.id }, body: { systemId: num(p, 'systemId'), teamId: num(p, 'teamId') } };
  },
  'systems.deleteSystemProvider': removeOf('systemProvider'),

  'user.updateUser': async (f) => {
    // Its own e-mail address: the reset below finds the user's mail by it.
    const u = await f.need('user');
    return { query: { id: u.id }, body: { email: num(u, 'email') } };
  },
  'user.deleteUser': removeOf('user'),
  // One's own password: changed as a user this run made (the run's own password stays as it is).
  'user.changePassword': async (f) => {
    const user = await f.fresh('user');
    const password = RUN_USER_PASSWORD;
    const bearer = await f.signInAs(num(user, 'username') as string, password);
    return { bearer, bodyValue: { oldPassword: password, newPassword: 'Autunno-sul-Ticino-2026', newPasswordConfirm: 'Autunno-sul-Ticino-2026' } };
  },
  'user.requestPasswordReset': async (f) => ({ query: { username: num(await f.need('user'), 'username') } }),
  'user.resetPassword': async (f) => {
    const user = await f.need('user');
    await f.call('user.requestPasswordReset', { query: { username: num(user, 'username') } });
    return { body: { token: await mailedToken(f, 'password-reset', String(num(user, 'email')), /token=([A-Za-z0-9_-]+)/) } };
  },
  'user.confirmSignup': async (f) => {
    const username = f.unique().toLowerCase();
    const email = f.email();
    await f.call('user.signUp', { body: { username, email } });
    return { path: { confirmationToken: await mailedToken(f, 'signup-confirmation', email, /\/user\/confirm\/([A-Za-z0-9_-]+)/) } };
  },
  // The theme and the avatar are those of a user this run made, never the signed-in user's.
  'user.updatePreference': asRunUser,
  'user.uploadAvatar': asRunUser,
  'user.deleteSavedView': removeOf('savedView'),
  'user.getAvatar': async (f) => {
    const as = await asRunUser(f);
    const avatar = (await f.call('user.uploadAvatar', as)) as { id?: unknown };
    return { ...as, path: { id: Number(avatar.id) } };
  },
};
