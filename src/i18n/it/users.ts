import type { ResourceMessages } from '../types';

/** Italian messages of the `users` resource (/settings/users). */
export const users: ResourceMessages = {
  name: 'Utente |||| Utenti',
  fields: {
    id: 'Id',
    username: 'Nome utente',
    name: 'Nome',
    surname: 'Cognome',
    email: 'E-mail',
    role: 'Ruolo',
    group: 'Gruppo',
    enabled: 'Attivo',
    password: 'Password',
    createdAt: 'Creato il',
  },
};
