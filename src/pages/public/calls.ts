/**
 * What the public pages and the shared-resource viewer call (issue 16). They must load without
 * react-admin and the data providers, so they do not go through the data provider: they call the
 * named functions of the service modules, gathered here (ESLint allows this one module, and no
 * other screen, to import `@/api/<service>`).
 */
export { changeOwnPassword, confirmSignup, requestPasswordReset, resetPassword, signUp } from '@/api/user';
export { authenticateShareToken, getSharedResource } from '@/api/share';
export { downloadEstimatePdf } from '@/api/estimate';
export { isSignedIn, loginAsGuest, signIn, signOut } from '@/auth/authProvider';
