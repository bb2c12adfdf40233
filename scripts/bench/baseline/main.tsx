// The bundle-size baseline of `npm run bench`: a bare react-admin <Admin> with an auth provider,
// built by the same toolchain as the app. Not shipped.
import { createRoot } from 'react-dom/client';
import { Admin, type AuthProvider } from 'react-admin';

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => {
    throw new Error('not signed in');
  },
  checkError: async () => undefined,
  getPermissions: async () => undefined,
};

createRoot(document.getElementById('root')!).render(<Admin authProvider={authProvider} requireAuth />);
