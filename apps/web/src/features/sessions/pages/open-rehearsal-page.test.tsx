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
import { AUTO_JOIN_STATE } from '../auto-join';
import { OpenRehearsalPage } from './open-rehearsal-page';

vi.mock('../../../lib/use-bus', async () => (await import('../bus-mock')).busMock);
vi.mock('../../../lib/nals/nals-store', async (original) => ({
  ...(await original<typeof import('../../../lib/nals/nals-store')>()),
  sendCommand: vi.fn(() => true),
}));

function renderPage(state: unknown = null) {
  return renderWithProviders(
    <>
      <Routes location={{ pathname: `/studio/open-rehearsal/${SESSION_ID}`, state }}>
        <Route path="/studio/open-rehearsal/:sessionId" element={<OpenRehearsalPage />} />
      </Routes>
      <ToastHost />
    </>,
  );
}

/** One enabled offer (GET v1/me/available-products): the pages may offer to subscribe. */
const OFFERS = [
  {
    id: '00000000-0000-4000-8000-0000000000aa',
    name: { en: 'Tutti Unlimited', fr: 'Tutti Illimité' },
    description: { en: '', fr: '' },
    priceCents: 999,
    currency: 'EUR',
    free: false,
    trial: { length: 14, unit: 'day' },
    trialAvailable: true,
  },
];
const offers = { 'v1/me/available-products': () => json(200, OFFERS) };
/** Every product disabled: nothing to subscribe to. */
const noOffer = { 'v1/me/available-products': () => json(200, []) };

let fetchSpy: ReturnType<typeof vi.fn>;
function serve(routes: Record<string, (init?: RequestInit) => Response>) {
  fetchSpy = vi.fn((url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api\//, '').replace(/\?.*$/, '');
    const handler = routes[path];
    return Promise.resolve(handler ? handler(init) : json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
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
      ...offers,
    });
    setCurrentUser(userOf(BEN));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join the rehearsal' }));

    expect(await screen.findByRole('heading', { name: 'Rehearsal manager' })).toBeInTheDocument();
    await within(screen.getByTestId('free-minutes')).findByRole('link', { name: 'Subscribe to remove this limit' });
    expect(vi.mocked(sendCommand)).toHaveBeenCalledWith({
      action: 'connect',
      data: { ip: '127.0.0.1', port: 7001, player: 1, charge: ROOM_ID },
    });
    expect(rehearsalSessionStore.getState()).toMatchObject({ sessionId: SESSION_ID, type: 'open' });
    expect(screen.getByTestId('free-minutes')).toHaveTextContent(
      '42 minutes left · Subscribe to remove this limit · How free minutes work',
    );
    // One link leads to the subscription screen, the other explains the allowance in the online help.
    const minutesLine = within(screen.getByTestId('free-minutes'));
    expect(minutesLine.getByRole('link', { name: 'Subscribe to remove this limit' })).toHaveAttribute(
      'href',
      '/me/subscription',
    );
    expect(minutesLine.getByRole('link', { name: /How free minutes work/ })).toHaveAttribute(
      'href',
      '/help.html#free-minutes',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Leave the rehearsal' }));
    expect(vi.mocked(sendCommand)).toHaveBeenLastCalledWith({ action: 'disconnect' });
    expect(rehearsalSessionStore.getState().sessionId).toBe(-1);
    expect(fetchSpy.mock.calls.map(([u]) => u)).toContain(`/api/v1/open-rehearsal/${SESSION_ID}/quit`);
    expect(await screen.findByText('You left the rehearsal.')).toBeInTheDocument();
  });

  it('arriving by a one-click Join joins at once, once the audio client is there, and only once', async () => {
    nalsStore.setState({ ...initialNalsState, isConnected: false }, true);
    serve({
      [`v1/sessions/${SESSION_ID}/details`]: () => json(200, sampleSession()),
      [`v2/open-rehearsal/${SESSION_ID}/join`]: () =>
        json(200, sampleJoined({ session: sampleSession({ players: [player(BEN, 1)] }), slot: 1 })),
    });
    setCurrentUser(userOf(BEN));
    renderPage(AUTO_JOIN_STATE);
    // No client yet: nothing is sent; the page says how to start it.
    expect(await screen.findByRole('button', { name: 'Start the audio client' })).toBeInTheDocument();
    const joins = () => fetchSpy.mock.calls.filter(([u]) => u === `/api/v2/open-rehearsal/${SESSION_ID}/join`);
    expect(joins()).toHaveLength(0);
    act(() => nalsStore.setState({ isConnected: true }));
    expect(await screen.findByRole('heading', { name: 'Rehearsal manager' })).toBeInTheDocument();
    expect(joins()).toHaveLength(1);
    expect(vi.mocked(sendCommand)).toHaveBeenCalledWith(expect.objectContaining({ action: 'connect' }));
  });

  it('without the one-click state, the page waits for the Join button', async () => {
    serve({ [`v1/sessions/${SESSION_ID}/details`]: () => json(200, sampleSession()) });
    setCurrentUser(userOf(BEN));
    renderPage({ autoJoin: 'yes' });
    expect(await screen.findByRole('button', { name: 'Join the rehearsal' })).toBeEnabled();
    expect(fetchSpy.mock.calls.map(([u]) => u)).not.toContain(`/api/v2/open-rehearsal/${SESSION_ID}/join`);
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

  it('a scheduled session: Join disabled, saying when it opens; the organizer starts it now', async () => {
    const startsAt = '2031-06-01T18:30:00.000Z';
    let session = sampleSession({ status: 'scheduled', startsAt, runningSince: null });
    const puts: unknown[] = [];
    serve({
      [`v1/sessions/${SESSION_ID}/details`]: () => json(200, session),
      [`v1/open-rehearsal/${SESSION_ID}`]: (init) => {
        puts.push(JSON.parse(String(init?.body)));
        session = { ...session, status: 'live', startsAt: '2031-05-30T10:00:00.000Z' };
        return json(200, session);
      },
    });
    setCurrentUser(userOf(BEN));
    const { unmount } = renderPage();
    expect(await screen.findByText(/^This session starts on .*2031/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Opens .*2031/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Start now' })).not.toBeInTheDocument();
    unmount();

    setCurrentUser(userOf(ANA));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start now' }));
    expect(puts).toEqual([{ status: 'live' }]);
    expect(await screen.findByRole('button', { name: 'Join the rehearsal' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'End the session' })).toBeInTheDocument();
    expect(vi.mocked(sendCommand)).not.toHaveBeenCalled();
  });

  it('the organizer cancels a scheduled session after confirming; it then says so', async () => {
    let session = sampleSession({ status: 'scheduled', startsAt: '2031-06-01T18:30:00.000Z', runningSince: null });
    serve({
      [`v1/sessions/${SESSION_ID}/details`]: () => json(200, session),
      [`v1/open-rehearsal/${SESSION_ID}`]: () => {
        session = { ...session, status: 'cancelled', endedAt: '2031-05-30T10:00:00.000Z' };
        return json(200, session);
      },
    });
    setCurrentUser(userOf(ANA));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel “Tuesday jam”?' });
    // Keeping it is the default answer and changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchSpy.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the session' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel “Tuesday jam”?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel the session' }));
    expect(await screen.findByText('This session was cancelled.')).toBeInTheDocument();
    expect(screen.getByText(/^Was planned for /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the rehearsal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the session' })).not.toBeInTheDocument();
  });

  it('an ended session says when it ended; its organizer restarts it within the grace period', async () => {
    const endedAt = new Date(Date.now() - 60_000).toISOString();
    const restartableUntil = new Date(Date.now() + 9 * 60_000).toISOString();
    let session = sampleSession({ status: 'ended', endedAt, restartableUntil });
    serve({
      [`v1/sessions/${SESSION_ID}/details`]: () => json(200, session),
      [`v1/open-rehearsal/${SESSION_ID}`]: () => {
        session = { ...session, status: 'live', endedAt: null, restartableUntil: null, closesAt: restartableUntil };
        return json(200, session);
      },
    });
    setCurrentUser(userOf(ANA));
    renderPage();
    expect(await screen.findByText(/^This session ended at \d\d:\d\d\.$/)).toBeInTheDocument();
    expect(screen.getByText('Nobody is playing right now.')).toBeInTheDocument();
    expect(screen.getByText(/^You can restart it until \d\d:\d\d\.$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restart the session' }));
    expect(await screen.findByText(/^Everyone has left\. The session stays open until \d\d:\d\d/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the rehearsal' })).toBeEnabled();
  });

  it('ending a live session asks first, then ends it for everyone', async () => {
    let session = sampleSession({ players: [player(BEN, 1)] });
    serve({
      [`v1/sessions/${SESSION_ID}/details`]: () => json(200, session),
      [`v1/open-rehearsal/${SESSION_ID}`]: () => {
        session = { ...session, status: 'ended', players: [], endedAt: new Date().toISOString() };
        return json(200, session);
      },
    });
    setCurrentUser(userOf(ANA));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'End the session' }));
    const dialog = await screen.findByRole('dialog', { name: 'End “Tuesday jam” for everyone?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End for everyone' }));
    expect(await screen.findByText(/^This session ended at /)).toBeInTheDocument();
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

  it('free minutes used up: out of the room, with the way to subscribe', async () => {
    const joined = sampleJoined({ session: sampleSession({ players: [player(BEN, 1)] }), slot: 1 });
    serve({
      [`v1/sessions/${SESSION_ID}/details`]: () => json(200, sampleSession()),
      [`v2/open-rehearsal/${SESSION_ID}/join`]: () => json(200, joined),
      ...offers,
    });
    setCurrentUser(userOf(BEN));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join the rehearsal' }));
    expect(await screen.findByRole('heading', { name: 'Rehearsal manager' })).toBeInTheDocument();
    const deliver = busHandlers.get(busTopics.session(SESSION_ID))!;
    act(() => deliver({ event: 'left', session: sampleSession(), musician: BEN, slot: 1, reason: 'minutes' }));
    const notice = await screen.findByText(/Your free minutes are used up\./);
    expect(await within(notice).findByRole('link', { name: 'Subscribe to remove this limit' })).toHaveAttribute(
      'href',
      '/me/subscription',
    );
  });

  it('no free minutes left at the door: the refusal leads to the subscription screen', async () => {
    serve({
      [`v1/sessions/${SESSION_ID}/details`]: () => json(200, sampleSession()),
      [`v2/open-rehearsal/${SESSION_ID}/join`]: () => apiError(402, 'NO_MINUTES_LEFT'),
      ...offers,
    });
    setCurrentUser(userOf(BEN));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join the rehearsal' }));
    const alert = await screen.findByRole('alert');
    await within(alert).findByRole('link', { name: 'Subscribe to remove this limit' });
    expect(alert).toHaveTextContent('Your free minutes are used up. Subscribe to remove this limit');
    expect(within(alert).getByRole('link', { name: 'Subscribe to remove this limit' })).toHaveAttribute(
      'href',
      '/me/subscription',
    );
  });

  it('with every product disabled, never offers to subscribe: not in the minutes, the room or at the door', async () => {
    const joined = sampleJoined({ session: sampleSession({ players: [player(BEN, 1)] }), slot: 1 });
    let door = true;
    serve({
      [`v1/sessions/${SESSION_ID}/details`]: () => json(200, sampleSession()),
      [`v2/open-rehearsal/${SESSION_ID}/join`]: () => (door ? apiError(402, 'NO_MINUTES_LEFT') : json(200, joined)),
      ...noOffer,
    });
    setCurrentUser(userOf(BEN));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join the rehearsal' }));
    const alert = await screen.findByRole('alert');
    // The offers were asked for, and the answer (none) is on screen.
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledWith('/api/v1/me/available-products', expect.anything()));
    expect(alert).toHaveTextContent('Your free minutes are used up.');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();

    door = false;
    await userEvent.click(screen.getByRole('button', { name: 'Join the rehearsal' }));
    expect(await screen.findByRole('heading', { name: 'Rehearsal manager' })).toBeInTheDocument();
    expect(screen.getByTestId('free-minutes')).toHaveTextContent('42 minutes left · How free minutes work');
    const deliver = busHandlers.get(busTopics.session(SESSION_ID))!;
    act(() => deliver({ event: 'left', session: sampleSession(), musician: BEN, slot: 1, reason: 'minutes' }));
    const notice = await screen.findByText(/Your free minutes are used up\./);
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Subscribe to remove this limit' })).not.toBeInTheDocument();
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
