import type { ResourceMessages } from '../types';

/** English messages of the `users` resource (/settings/users). */
export const users: ResourceMessages = {
  name: 'User |||| Users',
  fields: {
    id: 'Id',
    username: 'Username',
    name: 'First name',
    surname: 'Last name',
    email: 'E-mail',
    role: 'Role',
    group: 'Group',
    enabled: 'Enabled',
    password: 'Password',
    createdAt: 'Created on',
  },
};
