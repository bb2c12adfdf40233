import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router-dom';
import { setRuntimeConfig } from '@/config/environment';
import ProfilePage from '@/pages/profile/ProfilePage';
import ChangePasswordPage from '@/pages/public/ChangePasswordPage';
import ConfirmSignupPage from '@/pages/public/ConfirmSignupPage';
import ForgotPasswordPage from '@/pages/public/ForgotPasswordPage';
import SignupPage from '@/pages/public/SignupPage';
import { probeService, probeUrl } from '@/pages/test/TestPage';
import { validatePasswordChange, validateSignup } from '@/pages/validation';
import { renderWithAdmin, signInAs } from './pages.helpers';

const USER = 'http://user.test';
const calls: { path: string; url: URL; body?: unknown }[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  calls.length = 0;
  setRuntimeConfig({ environment: 'dev', hosts: { dev: { user: USER } } });
});

const record =
  (status: number, body: unknown = { message: 'ok' }) =>
  async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const text = await request.text();
    calls.push({ path: url.pathname, url, body: text ? JSON.parse(text) : undefined });
    return HttpResponse.json(body as never, { status });
  };

describe('form checks with Italian messages', () => {
  it('password change: required, at least 8 characters, confirmation equal, different from the current one', () => {
    expect(validatePasswordChange({ oldPassword: '', newPassword: '', newPasswordConfirm: '' })).toEqual({
      oldPassword: 'app.validation.required',
      newPassword: 'app.validation.required',
      newPasswordConfirm: 'app.validation.required',
    });
    expect(
      validatePasswordChange({ oldPassword: 'demo', newPassword: 'abc', newPasswordConfirm: 'abc' }),
    ).toEqual({
      newPassword: 'app.validation.password_min',
    });
    expect(
      validatePasswordChange({ oldPassword: 'demo', newPassword: 'Tramonto-Milano-42', newPasswordConfirm: 'Tramonto-Milano-43' }),
    ).toEqual({
      newPasswordConfirm: 'app.validation.password_mismatch',
    });
    expect(
      validatePasswordChange({ oldPassword: 'Tramonto-Milano-42', newPassword: 'Tramonto-Milano-42', newPasswordConfirm: 'Tramonto-Milano-42' }),
    ).toEqual({
      newPassword: 'app.validation.password_same',
    });
    expect(
      validatePasswordChange({ oldPassword: 'demo', newPassword: 'Tramonto-Milano-42', newPasswordConfirm: 'Tramonto-Milano-42' }),
    ).toEqual({});
  });

  it('signup: username format, e-mail, password, name and surname', () => {
    expect(
      validateSignup({ username: 'a b', email: 'x', password: '1', name: '', surname: ' ', companyName: '' }),
    ).toEqual({
      username: 'app.validation.username',
      email: 'app.validation.email',
      password: 'app.validation.password_min',
      name: 'app.validation.required',
      surname: 'app.validation.required',
    });
  });
});

describe('/profile', () => {
  beforeEach(() => {
    signInAs('ROLE_SALES', 'sales');
    server.use(
      http.get(`${USER}/user/profile`, () =>
        HttpResponse.json({
          id: 5,
          name: 'Chiara',
          surname: 'Esposito',
          email: 'sales@ooh-demo.it',
          avatarId: 3,
          principal: { username: 'sales', preference: { theme: 'classic' } },
          authorities: [{ authority: 'ROLE_SALES' }],
        }),
      ),
      http.get(
        `${USER}/user/getAvatar/3`,
        () =>
          new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }),
      ),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:avatar-3');
  });

  it('shows the identity and the avatar downloaded as a blob', async () => {
    renderWithAdmin(<Route path="/profile" element={<ProfilePage />} />, '/profile');
    expect(await screen.findByText('Chiara Esposito')).toBeInTheDocument();
    expect(screen.getByText('sales@ooh-demo.it')).toBeInTheDocument();
    expect(screen.getByText('Commerciale')).toBeInTheDocument();
    expect(screen.getByText('administrators')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'Immagine del profilo di Chiara Esposito' }),
    ).toHaveAttribute('src', 'blob:avatar-3');
  });

  it('checks the password change before sending it, then posts oldPassword, newPassword, newPasswordConfirm', async () => {
    server.use(http.post(`${USER}/user/new-password`, record(200)));
    const user = userEvent.setup();
    renderWithAdmin(<Route path="/profile" element={<ProfilePage />} />, '/profile');
    const submit = await screen.findByRole('button', { name: 'Cambia password' });
    await user.type(screen.getByLabelText(/Password attuale/), 'demo');
    await user.type(screen.getByLabelText(/^Nuova password/), 'Tramonto-Milano-42');
    await user.type(screen.getByLabelText(/Conferma nuova password/), 'Tramonto-Milano-43');
    await user.click(submit);
    expect(await screen.findByText('Le due password non coincidono')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText(/Conferma nuova password/));
    await user.type(screen.getByLabelText(/Conferma nuova password/), 'Tramonto-Milano-42');
    await user.click(submit);
    expect(await screen.findByText('Password aggiornata correttamente.')).toBeInTheDocument();
    expect(calls[0].body).toEqual({
      oldPassword: 'demo',
      newPassword: 'Tramonto-Milano-42',
      newPasswordConfirm: 'Tramonto-Milano-42',
    });
  });

  it('/profile refuses a guessable new password in Italian and sends nothing', async () => {
    server.use(http.post(`${USER}/user/new-password`, record(200)));
    const user = userEvent.setup();
    renderWithAdmin(<Route path="/profile" element={<ProfilePage />} />, '/profile');
    const submit = await screen.findByRole('button', { name: 'Cambia password' });
    await user.type(screen.getByLabelText(/Password attuale/), 'demo');
    await user.type(screen.getByLabelText(/^Nuova password/), 'juventus1');
    await user.type(screen.getByLabelText(/Conferma nuova password/), 'juventus1');
    await user.click(submit);
    expect(await screen.findByText('La password è troppo facile da indovinare: usa una frase o più parole non ovvie')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('a wrong current password (400) is explained in Italian', async () => {
    server.use(
      http.post(`${USER}/user/new-password`, record(400, { message: 'La password attuale non è corretta' })),
    );
    const user = userEvent.setup();
    renderWithAdmin(<Route path="/profile" element={<ProfilePage />} />, '/profile');
    await screen.findByRole('button', { name: 'Cambia password' });
    await user.type(screen.getByLabelText(/Password attuale/), 'sbagliata');
    await user.type(screen.getByLabelText(/^Nuova password/), 'Tramonto-Milano-42');
    await user.type(screen.getByLabelText(/Conferma nuova password/), 'Tramonto-Milano-42');
    await user.click(screen.getByRole('button', { name: 'Cambia password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La password attuale non è corretta.');
  });

  it('uploads a new avatar as multipart form data', async () => {
    let received: File | undefined;
    server.use(
      http.post(`${USER}/user/uploadAvatar`, async ({ request }) => {
        received = (await request.formData()).get('file') as File;
        return HttpResponse.json({ id: 9, userId: 5, contentType: 'image/png', size: 4 });
      }),
      http.get(
        `${USER}/user/getAvatar/9`,
        () => new HttpResponse(new Uint8Array([1]), { headers: { 'Content-Type': 'image/png' } }),
      ),
    );
    renderWithAdmin(<Route path="/profile" element={<ProfilePage />} />, '/profile');
    await screen.findByText('Chiara Esposito');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['PNG!'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Immagine del profilo aggiornata')).toBeInTheDocument();
    // jsdom's File loses its name and bytes on the way through Node's fetch; its type survives.
    expect(received?.type).toBe('image/png');
    expect(JSON.parse(localStorage.getItem('user')!).avatarId).toBe(9);
  });
});

describe('public pages wired to the user service', () => {
  it('/forgot-password posts forgotPassword?username and confirms', async () => {
    server.use(http.post(`${USER}/user/forgotPassword`, record(200)));
    renderWithAdmin(<Route path="/forgot-password" element={<ForgotPasswordPage />} />, '/forgot-password');
    await userEvent.type(await screen.findByLabelText(/Nome utente/), 'sales');
    await userEvent.click(screen.getByRole('button', { name: 'Invia la mail' }));
    expect(await screen.findByText(/Richiesta inviata: se l’utente esiste/)).toBeInTheDocument();
    expect(calls[0].url.searchParams.get('username')).toBe('sales');
  });

  it('/change-password?token= saves the new password; an unknown token is explained', async () => {
    server.use(
      http.post(`${USER}/user/savePassword`, record(404, { message: 'Token non valido o scaduto' })),
    );
    renderWithAdmin(
      <Route path="/change-password" element={<ChangePasswordPage />} />,
      '/change-password?token=f3c1a9e2-7b4d-4c1e',
    );
    await userEvent.type(await screen.findByLabelText(/^Nuova password/), 'Nuova-Strada-2026');
    await userEvent.type(screen.getByLabelText(/Conferma nuova password/), 'Nuova-Strada-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Salva la password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Il link di reimpostazione non è valido o è scaduto',
    );
    expect(calls[0].body).toEqual({ token: 'f3c1a9e2-7b4d-4c1e', newPassword: 'Nuova-Strada-2026' });
  });

  it('/change-password without a token says so', async () => {
    renderWithAdmin(<Route path="/change-password" element={<ChangePasswordPage />} />, '/change-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Il link non contiene il codice di reimpostazione',
    );
  });

  it('/signup posts prereg/signup; a taken username (409) is explained', async () => {
    server.use(http.post(`${USER}/prereg/signup`, record(409, { message: 'Username già in uso' })));
    const user = userEvent.setup();
    renderWithAdmin(<Route path="/signup" element={<SignupPage />} />, '/signup');
    await user.type(await screen.findByLabelText(/Nome utente/), 'giulia.bianchi');
    await user.type(screen.getByLabelText(/E-mail/), 'giulia@example.it');
    await user.type(screen.getByLabelText(/^Password/), 'Primavera-sul-Naviglio');
    await user.type(screen.getByLabelText(/^Nome\s*\*?$/), 'Giulia');
    await user.type(screen.getByLabelText(/Cognome/), 'Bianchi');
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nome utente o indirizzo e-mail già in uso.');
    expect(calls[0].body).toEqual({
      username: 'giulia.bianchi',
      email: 'giulia@example.it',
      password: 'Primavera-sul-Naviglio',
      name: 'Giulia',
      surname: 'Bianchi',
    });
  });

  it.each([
    [200, 'Registrazione confermata: ora puoi accedere.'],
    [409, 'Questa registrazione è già stata confermata: puoi accedere.'],
    [404, 'Il link di conferma non è valido o è scaduto.'],
  ])('/user/confirm/:token answering %i says "%s"', async (status, text) => {
    const token = `tok-${status}-abcdefghijklmnop`;
    server.use(
      http.get(
        `${USER}/prereg/confirm/:token`,
        record(status, { username: 'g', email: 'g@x.it', status: 'confirmed' }),
      ),
    );
    renderWithAdmin(
      <Route path="/user/confirm/:confirmationToken" element={<ConfirmSignupPage />} />,
      `/user/confirm/${token}`,
    );
    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual([`/prereg/confirm/${token}`]));
  });
});

describe('the rule for a new password, before sending (src/auth/password.ts)', () => {
  const GUESSABLE = 'La password è troppo facile da indovinare: usa una frase o più parole non ovvie';

  it('/signup refuses a guessable password in Italian and sends nothing', async () => {
    server.use(http.post(`${USER}/prereg/signup`, record(201, { username: 'g', status: 'pending' })));
    const user = userEvent.setup();
    renderWithAdmin(<Route path="/signup" element={<SignupPage />} />, '/signup');
    await user.type(await screen.findByLabelText(/Nome utente/), 'giulia.bianchi');
    await user.type(screen.getByLabelText(/E-mail/), 'giulia@example.it');
    await user.type(screen.getByLabelText(/^Password/), 'password1');
    await user.type(screen.getByLabelText(/^Nome\s*\*?$/), 'Giulia');
    await user.type(screen.getByLabelText(/Cognome/), 'Bianchi');
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByText(GUESSABLE)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('/change-password refuses a short and a guessable password in Italian and sends nothing', async () => {
    server.use(http.post(`${USER}/user/savePassword`, record(200, { message: 'ok' })));
    const user = userEvent.setup();
    renderWithAdmin(<Route path="/change-password" element={<ChangePasswordPage />} />, '/change-password?token=f3c1a9e2-7b4d-4c1e');
    await user.type(await screen.findByLabelText(/^Nuova password/), 'Ab1!xyz');
    await user.type(screen.getByLabelText(/Conferma nuova password/), 'Ab1!xyz');
    await user.click(screen.getByRole('button', { name: 'Salva la password' }));
    expect(await screen.findByText('La password deve contenere almeno 8 caratteri')).toBeInTheDocument();
    for (const field of [/^Nuova password/, /Conferma nuova password/]) {
      await user.clear(screen.getByLabelText(field));
      await user.type(screen.getByLabelText(field), 'Primavera2026');
    }
    await user.click(screen.getByRole('button', { name: 'Salva la password' }));
    expect(await screen.findByText(GUESSABLE)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('/test service probes', () => {
  it('a service answers with any HTTP status below 500', async () => {
    const fetcher = vi.fn(async () => new Response('', { status: 401 }));
    await expect(probeService('user', fetcher as never)).resolves.toEqual({ ok: true, status: 401 });
    expect(fetcher).toHaveBeenCalledWith('http://user.test/user/getAllRole', expect.anything());
  });

  it('a 5xx, a network failure or a missing base address is an error', async () => {
    await expect(
      probeService('user', (async () => new Response('', { status: 503 })) as never),
    ).resolves.toMatchObject({ ok: false, reason: 'server' });
    await expect(
      probeService('user', (async () => {
        throw new TypeError('Failed to fetch');
      }) as never),
    ).resolves.toMatchObject({ ok: false, reason: 'unreachable' });
    await expect(probeService('systems', vi.fn() as never)).resolves.toMatchObject({
      ok: false,
      reason: 'no_base',
    });
  });

  it('joins base and probe path with one slash', () => {
    expect(probeUrl('http://h/v1/', '/x')).toBe('http://h/v1/x');
    expect(probeUrl('http://h/v1', 'x')).toBe('http://h/v1/x');
    expect(probeUrl('http://h/v1')).toBe('http://h/v1');
  });
});
