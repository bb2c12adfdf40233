import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { useState, type ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, ResourceContextProvider, TextInput, testDataProvider } from 'react-admin';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router-dom';
import { AppSimpleForm, DialogCancelButton, FormDialog, useUnsavedChangesGuard } from '@/forms/unsavedChanges';
import { i18nProvider, it as italian } from '@/i18n';

/**
 * Every form warns before leaving with unsaved changes — in-app navigation, the tab, and
 * closing a dialog — through the one mechanism of src/forms/unsavedChanges.tsx. The scan below
 * fails when a form of src does not use it.
 */

const ROOT = join(__dirname, '../../src');
const QUESTION = (italian as { ra: { message: { unsaved_changes: string } } }).ra.message.unsaved_changes;

function sources(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}
const rel = (path: string) => relative(join(ROOT, '..'), path).replaceAll('\\', '/');

/** Forms with nothing worth keeping: each says why. The scan checks each is still a form. */
const EXEMPT: Record<string, string> = {
  'src/layout/Pagination.tsx': 'jumps to a page number',
  // Its users: sign-in, forgotten password, new password by mail (credentials, one address,
  // passwords: never kept); the signup form, which has more to keep, puts its own guard inside.
  'src/layout/PublicPage.tsx': 'the public pages’ form (PublicForm)',
  'src/pages/PasswordChangeForm.tsx': 'passwords only: never kept',
  // A public page that loads without react-admin (the installer's phone): its one dialog takes a
  // problem's kind and a short note, sent at once.
  'src/pages/field/FieldPage.tsx': 'the installer’s problem report, on a page without react-admin',
  // A list's filters (period, step, place, format, circuit), kept in the address: nothing to lose.
  'src/resources/availability/AvailabilityFilters.tsx': 'the availability filters, kept in the URL',
};

const FORM = /<form\b|component="form"/;
const INPUTS = /<(TextField|LightTextField|MuiTextField|TextInput|Select|Autocomplete|SystemPicker|DutiesSelect|Checkbox)\b/;

describe('every form of src uses the shared unsaved-changes mechanism', () => {
  const files = sources().filter((f) => !rel(f).startsWith('src/forms/'));

  it('react-admin forms are AppSimpleForm (never SimpleForm / TabbedForm / Form directly)', () => {
    const offenders = files.filter((f) => {
      const imports = [...readFileSync(f, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-admin'/g)].flatMap((m) => m[1].split(',').map((x) => x.trim().split(/\s+as\s+/)[0]));
      return imports.some((name) => name === 'SimpleForm' || name === 'TabbedForm' || name === 'Form');
    });
    expect(offenders.map(rel)).toEqual([]);
  });

  it('a dialog with inputs is a FormDialog', () => {
    const offenders = files.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return /<Dialog\b/.test(text) && INPUTS.test(text) && !EXEMPT[rel(f)];
    });
    expect(offenders.map(rel)).toEqual([]);
  });

  it('a custom form guards itself (useUnsavedChangesGuard) or sits in a FormDialog that knows its state', () => {
    const offenders = files.filter((f) => {
      const text = readFileSync(f, 'utf8');
      if (!FORM.test(text) || EXEMPT[rel(f)]) return false;
      return !text.includes('useUnsavedChangesGuard(') && !/<FormDialog\b[^>]*\bdirty=/.test(text);
    });
    expect(offenders.map(rel)).toEqual([]);
  });

  it('every exemption names a file that still has a form', () => {
    for (const [file, reason] of Object.entries(EXEMPT)) {
      expect(reason).not.toBe('');
      expect(FORM.test(readFileSync(join(ROOT, '..', file), 'utf8')) || /<Dialog\b/.test(readFileSync(join(ROOT, '..', file), 'utf8'))).toBe(true);
    }
  });
});

function inRouter(element: ReactNode, path = '/form') {
  const router = createMemoryRouter(
    [
      { path: '/form', element: (
          <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()}>
            <ResourceContextProvider value="things">{element}</ResourceContextProvider>
            <Link to="/elsewhere">altrove</Link>
          </AdminContext>
        ) },
      { path: '/elsewhere', element: <p>Altrove</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('FormDialog', () => {
  function Harness({ dirty, onClose }: { dirty: boolean; onClose: () => void }) {
    return (
      <AdminContext i18nProvider={i18nProvider}>
        <FormDialog open dirty={dirty} onClose={onClose} aria-label="dialogo">
          <input aria-label="nome" />
          <DialogCancelButton />
        </FormDialog>
      </AdminContext>
    );
  }

  it('closes at once when nothing changed', () => {
    const confirm = vi.spyOn(window, 'confirm');
    const onClose = vi.fn();
    render(<Harness dirty={false} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before closing a dirty form (Escape or Annulla); refusing keeps it open', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const onClose = vi.fn();
    render(<Harness dirty onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(confirm).toHaveBeenCalledWith(QUESTION);
    expect(onClose).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('learns the state of an AppSimpleForm inside it', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const onClose = vi.fn();
    inRouter(
      <FormDialog open onClose={onClose}>
        <AppSimpleForm record={{ id: 1, name: 'Uno' }} onSubmit={() => {}}>
          <TextInput source="name" label="Nome" />
        </AppSimpleForm>
      </FormDialog>,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(confirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Due' } });
    await waitFor(() => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
      expect(confirm).toHaveBeenCalled();
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks when Escape follows the typing while the form is still validating it (a check that waits for the service)', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const onClose = vi.fn();
    // A resolver that has not answered yet: the form publishes its state only after it does.
    let answer = () => {};
    const resolver = (values: Record<string, unknown>) => new Promise<{ values: Record<string, unknown>; errors: Record<string, never> }>((resolve) => {
      answer = () => resolve({ values, errors: {} });
    });
    inRouter(
      <FormDialog open onClose={onClose}>
        <AppSimpleForm record={{ id: 1, name: 'Uno' }} onSubmit={() => {}} mode="onChange" resolver={resolver}>
          <TextInput source="name" label="Nome" />
        </AppSimpleForm>
      </FormDialog>,
    );
    await screen.findByLabelText('Nome');
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Due' } });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(confirm).toHaveBeenCalledWith(QUESTION);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nome')).toHaveValue('Due');
    await act(async () => answer());
    // Typed back to what it was: nothing to lose, the dialog closes without asking.
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Uno' } });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('leaving a dirty form', () => {
  it('AppSimpleForm: in-app navigation asks; refusing stays with the data, accepting leaves', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const router = inRouter(
      <AppSimpleForm record={{ id: 1, name: 'Uno' }} onSubmit={() => {}}>
        <TextInput source="name" label="Nome" />
      </AppSimpleForm>,
    );
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Scritto a mano' } });
    fireEvent.click(screen.getByText('altrove'));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(QUESTION));
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText('Nome')).toHaveValue('Scritto a mano');
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByText('altrove'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  function Custom() {
    const [value, setValue] = useState('');
    const navigate = useNavigate();
    const { guard, release } = useUnsavedChangesGuard(value !== '');
    return (
      <form>
        {guard}
        <input aria-label="campo" value={value} onChange={(e) => setValue(e.target.value)} />
        <button
          type="button"
          onClick={() => {
            release();
            navigate('/elsewhere');
          }}
        >
          salvato
        </button>
      </form>
    );
  }

  it('a custom form: navigation asks while dirty, the tab is guarded, a release after saving leaves without asking', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const router = inRouter(<Custom />);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    fireEvent.click(screen.getByText('altrove'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(confirm).not.toHaveBeenCalled();
    await act(() => router.navigate('/form'));
    expect(unload()).toBe(false);
    fireEvent.change(screen.getByLabelText('campo'), { target: { value: 'x' } });
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByText('altrove'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(router.state.location.pathname).toBe('/form');
    fireEvent.click(screen.getByText('salvato'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});
