/**
 * What the public pages and the shared-resource viewer call. They must load without
 * react-admin and the data providers, so they do not go through the data provider: they call the
 * named functions of the service modules, gathered here (ESLint allows this one module, and no
 * other screen, to import `@/api/<service>`).
 */
export { changeOwnPassword, confirmSignup, requestPasswordReset, resetPassword, signUp } from '@/api/user';
export { acceptSharedEstimate, authenticateShareToken, getSharedResource, requestSharedEstimateChanges } from '@/api/share';
/** The shared estimate's PDF, loaded on the click: the viewer's first load stays light (README bench). */
export const downloadEstimatePdf = (id: number): Promise<string> => import('@/api/estimate').then((m) => m.downloadEstimatePdf(id));
export { AuthError, isSignedIn, loginAsGuest, signIn, signOut } from '@/auth/authProvider';
/** A photo of a system the shared resource shows, read with the guest token (loaded when the page needs it). */
export const loadSystemImage = (id: number): Promise<Blob> => import('@/api/systems').then((m) => m.getSystemImage(id));
export { downloadProofOfPostingPdf, getProofOfPosting, workOrderPhotoUrl, type ProofOfPosting } from '@/api/frame';
