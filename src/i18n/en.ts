import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import { app } from './en/app';
import { esecuzione } from './en/esecuzione';
import { media } from './en/media';
import { patrimonio } from './en/patrimonio';
import { vendite } from './en/vendite';
import { users } from './en/users';
import { sends } from './en/sends';
import { field } from './en/field';
import { playProof } from './en/playProof';
import { disponibilita } from './en/disponibilita';
import { permessi } from './en/permessi';

/**
 * English: react-admin's own messages (ra-language-english) with the pagination labels,
 * plus the app's messages and each domain's `resources.<name>` messages from ./en/<domain>.ts.
 */
export const en: TranslationMessages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    message: {
      ...englishMessages.ra.message,
      update_content: 'Are you sure you want to update this item?',
      update_title: 'Update %{name} %{recordRepresentation}',
    },
    navigation: {
      ...englishMessages.ra.navigation,
      next: 'Next Page',
      previous: 'Previous Page',
      page_rows_per_page: 'Page Size:',
    },
  },
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
