/** The estimates screen; the editor opens on it with ?id=… or ?create (&opportunityId=…). */
export const ESTIMATES_PATH = '/estimates/manage';
export const estimateEditorPath = (id: number | string) => `${ESTIMATES_PATH}?id=${id}`;
export const newEstimatePath = (opportunityId?: number | string) =>
  `${ESTIMATES_PATH}?create${opportunityId !== undefined ? `&opportunityId=${opportunityId}` : ''}`;
