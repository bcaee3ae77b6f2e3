import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { focusManager } from '@tanstack/react-query';
import { busTopics } from '@tutti/contract/bus';
import { renderWithProviders } from '../../../../test/render';
import { ToastHost } from '../../../components/ui/toast-host';
import { initialNalsState } from '../../../lib/nals/nals-state';
import { nalsStore, sendCommand } from '../../../lib/nals/nals-store';
import { rehearsalSessionStore } from '../../../lib/rehearsal-session';
import { setCurrentUser } from '../../../lib/session';
import { busHandlers } from '../bus-mock';
import { setUpRehearsalPageTests } from '../rehearsal-page-tests';
import {
  ANA,
  apiError,
  BEN,
  json,
  player,
  ROOM_ID,
  sampleJoined,
  sampleSession,
  SESSION_ID,
  userOf,
} from '../test-fixtures';
import { OpenRehearsalPage } from './open-rehearsal-page';

vi.mock('../../../lib/use-bus', async () => (await import('../bus-mock')).busMock);
vi.mock('../../../lib/nals/nals-store', async (original) => ({
  ...(await original<typeof import('../../../lib/nals/nals-store')>()),
  sendCommand: vi.fn(() => true),
}));

function renderPage() {
  return renderWithProviders(
    <>
      <Routes location={`/studio/open-rehearsal/${SESSION_ID}`}>
        <Route path="/studio/open-rehearsal/:sessionId" element={<OpenRehearsalPage />} />
      </Routes>
      <ToastHost />
    </>,
  );
}

let fetchSpy: ReturnType<typeof vi.fn>;
function serve(routes: Record<string, () => Response>) {
  fetchSpy = vi.fn((url: string) => {
    const path = url.replace(/^\/api\//, '').replace(/\?.*$/, '');
    const handler = routes[path];
    return Promise.resolve(handler ? handler() : json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
  });
  vi.stubGlobal('fetch', fetchSpy);
}

describe('OpenRehearsalPage', () => {
  setUpRehearsalPageTests();

  it('shows the organizer tools to the organizer only', async () => {
    serve({ [`v1/sessions/${SESSION_ID}/details`]: () => json(200, sampleSession()) });
    setCurrentUser(userOf(BEN));
    const { unmount } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Tuesday jam' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the session' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change the cover picture' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
    unmount();

    setCurrentUser(userOf(ANA));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Edit the session' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change the cover picture' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeInTheDocument();
  });

  it('joins: session state set, connect sent to the audio client, the manager and minutes shown; Leave quits', async () => {
    const joined = sampleJoined({ session: sampleSession({ players: [player(BEN, 1)] }), slot: 1 });
    serve({
      [`v1/sessions/${SESSION_ID}/details`]: () => json(200, sampleSession()),
      [`v2/open-rehearsal/${SESSION_ID}/join`]: () => json(200, joined),
      [`v1/open-rehearsal/${SESSION_ID}/quit`]: () => new Response(null, { status: 204 }),
    });
    setCurrentUser(userOf(BEN));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join the rehearsal' }));

    expect(await screen.findByRole('heading', { name: 'Rehearsal manager' })).toBeInTheDocument();
    expect(vi.mocked(sendCommand)).toHaveBeenCalledWith({
      action: 'connect',
      data: { ip: '127.0.0.1', port: 7001, player: 1, charge: ROOM_ID },
    });
    expect(rehearsalSessionStore.getState()).toMatchObject({ sessionId: SESSION_ID, type: 'open' });
    expect(screen.getByTestId('free-minutes')).toHaveTextContent('42 minutes left · How free minutes work');
    // No subscription screen yet: the link explains the allowance in the online help instead of leading nowhere.
    expect(within(screen.getByTestId('free-minutes')).getByRole('link')).toHaveAttribute(
      'href',
      '/help.html#free-minutes',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Leave the rehearsal' }));
    expect(vi.mocked(sendCommand)).toHaveBeenLastCalledWith({ action: 'disconnect' });
    expect(rehearsalSessionStore.getState().sessionId).toBe(-1);
    expect(fetchSpy.mock.calls.map(([u]) => u)).toContain(`/api/v1/open-rehearsal/${SESSION_ID}/quit`);
    expect(await screen.findByText('You left the rehearsal.')).toBeInTheDocument();
  });

  it('a failed refresh of the session while playing keeps the rehearsal on screen', async () => {
    let detailsDown = false;
    serve({
      [`v1/sessions/${SESSION_ID}/details`]: () =>
        detailsDown ? apiError(503, 'INTERNAL') : json(200, sampleSession({ players: [player(BEN, 1)] })),
      [`v2/open-rehearsal/${SESSION_ID}/join`]: () =>
        json(200, sampleJoined({ session: sampleSession({ players: [player(BEN, 1)] }), slot: 1 })),
    });
    setCurrentUser(userOf(BEN));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join the rehearsal' }));
    expect(await screen.findByRole('heading', { name: 'Rehearsal manager' })).toBeInTheDocument();

    detailsDown = true;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() =>
      expect(fetchSpy.mock.calls.filter(([u]) => u === `/api/v1/sessions/${SESSION_ID}/details`).length).toBe(2),
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    act(() => focusManager.setFocused(undefined));
    expect(screen.queryByText('This session does not exist, has ended, or is private.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the rehearsal' })).toBeInTheDocument();
  });

  it('says when a scheduled session starts, and repeats it when the join is refused', async () => {
    const startsAt = '2031-06-01T18:30:00.000Z';
    serve({
      [`v1/sessions/${SESSION_ID}/details`]: () =>
        json(200, sampleSession({ status: 'scheduled', startsAt, runningSince: null })),
      [`v2/open-rehearsal/${SESSION_ID}/join`]: () => apiError(409, 'SESSION_NOT_STARTED', { details: { startsAt } }),
    });
    setCurrentUser(userOf(BEN));
    renderPage();
    expect(await screen.findByText(/^This session starts on .*2031/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join the rehearsal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/This session starts on .*2031/);
    expect(vi.mocked(sendCommand)).not.toHaveBeenCalled();
  });

  it('announces who joins through the bus and shows them', async () => {
    serve({ [`v1/sessions/${SESSION_ID}/details`]: () => json(200, sampleSession()) });
    setCurrentUser(userOf(ANA));
    renderPage();
    await screen.findByRole('heading', { name: 'Tuesday jam' });
    const deliver = busHandlers.get(busTopics.session(SESSION_ID))!;
    act(() =>
      deliver({ event: 'joined', session: sampleSession({ players: [player(BEN, 1)] }), musician: BEN, slot: 1 }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Ben joined');
    expect(await screen.findByText('Ben')).toBeInTheDocument();
  });

  it('keeps the invitations on screen when a public session changes on the bus', async () => {
    const invited = [{ musician: BEN, invitedAt: '2030-01-01T09:00:00.000Z', invitedBy: ANA }];
    serve({ [`v1/sessions/${SESSION_ID}/details`]: () => json(200, sampleSession({ invited })) });
    setCurrentUser(userOf(ANA));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Invited' })).toBeInTheDocument();
    const deliver = busHandlers.get(busTopics.session(SESSION_ID))!;
    // What the server publishes for a public session: anyone may listen, so no invitations.
    act(() => deliver({ event: 'updated', session: sampleSession({ name: 'Wednesday jam', invited: [] }) }));
    expect(await screen.findByRole('heading', { name: 'Wednesday jam' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invited' })).toBeInTheDocument();
    expect(screen.getByText('Ben')).toBeInTheDocument();
  });

  it('without a connected audio client, joining waits for it', async () => {
    nalsStore.setState({ ...initialNalsState, isConnected: false }, true);
    serve({ [`v1/sessions/${SESSION_ID}/details`]: () => json(200, sampleSession()) });
    setCurrentUser(userOf(BEN));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Join the rehearsal' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start the audio client' })).toBeInTheDocument();
  });
});
