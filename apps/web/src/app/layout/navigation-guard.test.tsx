import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '@tutti/contract/common';
import { closeModal, ModalHost } from '../../components/ui/modal-host';
import { OpenRehearsalPage } from '../../features/sessions/pages/open-rehearsal-page';
import { setUpRehearsalPageTests } from '../../features/sessions/rehearsal-page-tests';
import {
  json,
  player,
  sampleJoined,
  sampleSession,
  SESSION_ID,
  BEN,
  userOf,
} from '../../features/sessions/test-fixtures';
import { initI18n } from '../../lib/i18n';
import { leaveGuardStore, registerLeaveGuard } from '../../lib/leave-guard';
import { sendCommand } from '../../lib/nals/nals-store';
import { rehearsalSessionStore } from '../../lib/rehearsal-session';
import { setCurrentUser } from '../../lib/session';
import { theme } from '../theme';
import { renderGuardedApp } from './guarded-app-tests';
import { confirmLeave } from './navigation-guard';

vi.mock('../../lib/use-bus', async () => (await import('../../features/sessions/bus-mock')).busMock);
vi.mock('../../lib/nals/nals-store', async (original) => ({
  ...(await original<typeof import('../../lib/nals/nals-store')>()),
  sendCommand: vi.fn(() => true),
}));

const REHEARSAL = `/studio/open-rehearsal/${SESSION_ID}`;
const QUIT = `/api/v1/open-rehearsal/${SESSION_ID}/quit`;

/** The app's shape where it matters (guarded-app-tests.tsx) with the page under test. */
const renderApp = (initialEntries = [REHEARSAL], locale: Locale = 'en') =>
  renderGuardedApp(
    { path: 'studio/open-rehearsal/:sessionId', element: <OpenRehearsalPage /> },
    initialEntries,
    locale,
  );

let fetchSpy: ReturnType<typeof vi.fn>;
function serveRehearsal() {
  const joined = sampleJoined({ session: sampleSession({ players: [player(BEN, 1)] }), slot: 1 });
  const routes: Record<string, () => Response> = {
    [`v1/sessions/${SESSION_ID}/details`]: () => json(200, sampleSession()),
    [`v2/open-rehearsal/${SESSION_ID}/join`]: () => json(200, joined),
    [`v1/open-rehearsal/${SESSION_ID}/quit`]: () => new Response(null, { status: 204 }),
  };
  fetchSpy = vi.fn((url: string) => {
    const handler = routes[url.replace(/^\/api\//, '').replace(/\?.*$/, '')];
    return Promise.resolve(handler ? handler() : json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
  });
  vi.stubGlobal('fetch', fetchSpy);
}

const quits = () => fetchSpy.mock.calls.filter(([url]) => url === QUIT).length;

/** Signed in as Ben, the server answering for the session, the page open; then Join. */
async function joinTheRehearsal(initialEntries = [REHEARSAL]) {
  serveRehearsal();
  setCurrentUser(userOf(BEN));
  const router = renderApp(initialEntries);
  await userEvent.click(await screen.findByRole('button', { name: 'Join the rehearsal' }));
  expect(await screen.findByRole('heading', { name: 'Rehearsal manager' })).toBeInTheDocument();
  return router;
}

// Each test renders the whole rehearsal page: more than the default 5 s when the suite shares 2 cores.
describe('NavigationGuard', () => {
  setUpRehearsalPageTests();
  afterEach(() => {
    act(() => closeModal());
    leaveGuardStore.setState({ guard: null });
  });

  it('asks before leaving a joined rehearsal; Stay keeps everything, Leave quits once and goes on', async () => {
    const router = await joinTheRehearsal();

    await userEvent.click(screen.getByRole('link', { name: 'Hall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rehearsal in progress' });
    expect(dialog).toHaveTextContent('You are in “Tuesday jam”. Leave the rehearsal?');
    const stay = screen.getByRole('button', { name: 'Stay' });
    await waitFor(() => expect(stay).toHaveFocus());

    await userEvent.click(stay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(REHEARSAL);
    expect(screen.getByRole('heading', { name: 'Rehearsal manager' })).toBeInTheDocument();
    expect(rehearsalSessionStore.getState().sessionId).toBe(SESSION_ID);
    expect(vi.mocked(sendCommand)).not.toHaveBeenCalledWith({ action: 'disconnect' });
    expect(quits()).toBe(0);

    await userEvent.click(screen.getByRole('link', { name: 'Hall' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'The hall' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/studio/hall');
    expect(quits()).toBe(1);
    expect(vi.mocked(sendCommand)).toHaveBeenCalledWith({ action: 'disconnect' });
    expect(rehearsalSessionStore.getState().sessionId).toBe(-1);
    expect(leaveGuardStore.getState().guard).toBeNull();
  }, 15_000);

  it('guards the browser’s back button too, and Escape stays', async () => {
    const router = await joinTheRehearsal(['/studio/hall', REHEARSAL]);

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('dialog', { name: 'Rehearsal in progress' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(REHEARSAL);
    expect(screen.getByRole('heading', { name: 'Rehearsal manager' })).toBeInTheDocument();
    expect(quits()).toBe(0);
  }, 15_000);

  it('does not ask when I am not in the rehearsal', async () => {
    serveRehearsal();
    setCurrentUser(userOf(BEN));
    const router = renderApp();
    expect(await screen.findByRole('button', { name: 'Join the rehearsal' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Hall' }));
    expect(await screen.findByRole('heading', { name: 'The hall' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/studio/hall');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(quits()).toBe(0);
  }, 15_000);

  it('asks in French with French typography', async () => {
    serveRehearsal();
    setCurrentUser(userOf(BEN));
    renderApp([REHEARSAL], 'fr');
    await userEvent.click(await screen.findByRole('button', { name: 'Rejoindre la répétition' }));
    expect(await screen.findByRole('heading', { name: 'Gestionnaire de répétition' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Hall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Répétition en cours' });
    expect(dialog).toHaveTextContent('Vous êtes dans « Tuesday jam ». Quitter la répétition ?');
    expect(screen.getByRole('button', { name: 'Rester' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitter' })).toBeInTheDocument();
  }, 15_000);
});

describe('confirmLeave (sign-out)', () => {
  afterEach(() => {
    act(() => closeModal());
    leaveGuardStore.setState({ guard: null });
  });

  it('answers yes at once when I am in no rehearsal', async () => {
    await expect(confirmLeave('signOut')).resolves.toBe(true);
  }, 15_000);

  it('asks, then leaves before answering yes; or answers no on Stay without leaving', async () => {
    render(
      <I18nextProvider i18n={initI18n('en')}>
        <MantineProvider theme={theme}>
          <ModalHost />
        </MantineProvider>
      </I18nextProvider>,
    );
    const leave = vi.fn(() => Promise.resolve());
    registerLeaveGuard({ texts: 'leaveRehearsal', name: 'Blues in E', holdsSearch: false, asksOnUnload: false, leave });

    let answer = confirmLeave('signOut');
    expect(await screen.findByText('You are in “Blues in E”. Leave the rehearsal and sign out?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await expect(answer).resolves.toBe(false);
    expect(leave).not.toHaveBeenCalled();

    answer = confirmLeave('signOut');
    await userEvent.click(await screen.findByRole('button', { name: 'Leave and sign out' }));
    await expect(answer).resolves.toBe(true);
    expect(leave).toHaveBeenCalledOnce();
    expect(leaveGuardStore.getState().guard).toBeNull();
  }, 15_000);
});
