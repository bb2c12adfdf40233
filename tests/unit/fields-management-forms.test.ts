import { describe, expect, it } from 'vitest';
import { agentSchema, subItemSchema } from '@/resources/detections/shared';
import { schemaResolver } from '@/ui/validation';

/* The Gestione Campi dialogs validate from audit.yaml's constraints, in Italian, before sending. */

const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('sub-item value form', () => {
  const resolve = schemaResolver(subItemSchema('media_type'));

  it('refuses a name over 100 characters and a description over 500, under their fields', async () => {
    const { errors } = await resolve({ name: 'x'.repeat(101), description: 'y'.repeat(501) }, undefined, options);
    expect(errors.name?.message).toBe('Deve contenere al massimo 100 caratteri');
    expect(errors.description?.message).toBe('Deve contenere al massimo 500 caratteri');
  });

  it('wants a name; an empty description is absent; the record’s other fields are not sent', async () => {
    expect((await resolve({ name: '', description: '' }, undefined, options)).errors.name?.message).toBe('Campo obbligatorio');
    expect(
      await resolve({ id: 'media_type:3', itemId: 3, type: 'media_type', name: 'Affissione', description: '' }, undefined, options),
    ).toEqual({ values: { name: 'Affissione' }, errors: {} });
  });
});

describe('agent form', () => {
  const resolve = schemaResolver(agentSchema);

  it('wants name, surname and a mail address', async () => {
    const { errors } = await resolve({ name: 'Mario', surname: '', email: 'mario.rossi' }, undefined, options);
    expect(errors.surname?.message).toBe('Campo obbligatorio');
    expect(errors.email?.message).toBe('Deve essere un indirizzo e-mail valido');
    expect(errors.name).toBeUndefined();
  });

  it('passes a whole agent', async () => {
    const agent = { name: 'Mario', surname: 'Rossi', email: 'mario.rossi@esempio.it' };
    expect(await resolve(agent, undefined, options)).toEqual({ values: agent, errors: {} });
  });
});
