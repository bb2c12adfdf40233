import type { TranslationMessages } from 'react-admin';
import { app } from './it/app';
import { esecuzione } from './it/esecuzione';
import { media } from './it/media';
import { ra } from './it/ra';
import { patrimonio } from './it/patrimonio';
import { vendite } from './it/vendite';
import { users } from './it/users';
import { sends } from './it/sends';
import { field } from './it/field';
import { playProof } from './it/playProof';
import { disponibilita } from './it/disponibilita';
import { permessi } from './it/permessi';

/**
 * Italian, the default language: every react-admin message (typed against TranslationMessages, so
 * a missing key fails the typecheck), the app's own messages under `app.*`, and each domain's
 * `resources.<name>` messages from ./it/<domain>.ts.
 */
export const it: TranslationMessages = {
  ra,
  app,
  resources: {
    users,
    ...patrimonio,
    ...vendite,
    ...esecuzione,
    ...media,
    ...sends,
    ...field,
    ...playProof,
    ...disponibilita,
    ...permessi,
  },
};
