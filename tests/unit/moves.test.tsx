import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { CoreAdminContext, useAuthState, type AuthProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/api/queryClient';
import { readFirstPagesOnMoves } from '@/firstReads';

/*
 * What a move between screens asks for: the next screen's first read as the router starts the move
 * (before React renders it), and the session once, not once per screen.
 */

describe('a move asks for the next screen’s first page as it starts', () => {
  it('the read is asked for before the screen renders, once per visit, and not for the page the app opened on', async () => {
    const reads: string[] = [];
    const readsSeenByScreen: number[] = [];
    function List() {
      readsSeenByScreen.push(reads.length);
      return <p>Impianti</p>;
    }
    const router = createMemoryRouter(
      [
        { path: '/profile', element: <p>Profilo</p> },
        { path: '/systems-manage/manage', element: <List /> },
      ],
      { initialEntries: ['/profile'] },
    );
    readFirstPagesOnMoves(router, async (pathname, search) => {
      reads.push(`${pathname}${search}`);
    });
    render(<RouterProvider router={router} />);
    expect(reads).toEqual([]);
    await act(() => router.navigate('/systems-manage/manage'));
    expect(await screen.findByText('Impianti')).toBeInTheDocument();
    expect(reads).toEqual(['/systems-manage/manage']);
    // The screen's first render already found its read asked for.
    expect(readsSeenByScreen[0]).toBe(1);
    // A new visit (the same address again) asks again; the router's later updates of one visit do not.
    await act(() => router.navigate('/systems-manage/manage?filter=%7B%7D'));
    await act(() => router.navigate('/profile'));
    expect(reads).toEqual(['/systems-manage/manage', '/systems-manage/manage?filter=%7B%7D', '/profile']);
  });
});

describe('the session is read once, not as each screen mounts', () => {
  /** Two screens, one after the other, each with react-admin's session check (as its controllers have). */
  function renderTwoScreens(checkAuth: AuthProvider['checkAuth'], signedIn: boolean) {
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkError: async () => undefined,
      checkAuth,
    };
    function Screen({ name }: { name: string }) {
      const { authenticated } = useAuthState();
      return <p>{`${name}: ${authenticated === true ? 'signed in' : 'checking'}`}</p>;
    }
    let move: () => void = () => undefined;
    function Screens() {
      const [second, setSecond] = useState(false);
      move = () => setSecond(true);
      return second ? <Screen key="b" name="second" /> : <Screen key="a" name="first" />;
    }
    render(
      <MemoryRouter>
        <CoreAdminContext authProvider={authProvider} queryClient={createQueryClient({}, { signedIn })}>
          <Screens />
        </CoreAdminContext>
      </MemoryRouter>,
    );
    return () => act(() => move());
  }

  it('a screen mounted after another does not check the session again', async () => {
    const checkAuth = vi.fn(async () => undefined);
    const moveOn = renderTwoScreens(checkAuth, false);
    expect(await screen.findByText('first: signed in')).toBeInTheDocument();
    await moveOn();
    expect(await screen.findByText('second: signed in')).toBeInTheDocument();
    expect(checkAuth).toHaveBeenCalledTimes(1);
  });

  it('signed in when the back office starts, no screen checks it (the route guard has)', async () => {
    const checkAuth = vi.fn(async () => undefined);
    const moveOn = renderTwoScreens(checkAuth, true);
    expect(screen.getByText('first: signed in')).toBeInTheDocument();
    await moveOn();
    expect(screen.getByText('second: signed in')).toBeInTheDocument();
    expect(checkAuth).not.toHaveBeenCalled();
  });
});
