import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { busTopics } from '@tutti/contract/bus';
import { renderWithProviders } from '../../../../test/render';
import { ToastHost } from '../../../components/ui/toast-host';
import { setCurrentUser } from '../../../lib/session';
import { busHandlers } from '../bus-mock';
import { ANA, BEN, json, pageOf, player, sampleSession, sessionsNamed, userOf } from '../test-fixtures';
import type { Session } from '@tutti/contract/sessions';
import { InvitationNotices, InvitationsBadge } from '../invitation-notices';
import { hallSections, HallPage } from './hall-page';

vi.mock('../../../lib/use-bus', async () => (await import('../bus-mock')).busMock);

describe('HallPage', () => {
  let invited: unknown[] = [];
  /** The live sessions by page number. */
  let livePages: Record<string, unknown> = {};
  let fetchSpy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    invited = [];
    livePages = { '1': pageOf([sampleSession()]) };
    setCurrentUser(userOf(BEN));
    fetchSpy = vi.fn((url: string) => {
      if (url.startsWith('/api/v1/me/sessions'))
        return Promise.resolve(json(200, { organized: pageOf([]), invited: pageOf(invited), remainingMinutes: 120 }));
      if (url.startsWith('/api/v1/session-posts'))
        return Promise.resolve(
          json(200, {
            items: [
              {
                id: '55555555-5555-4555-8555-555555555555',
                kind: 'created',
                at: new Date().toISOString(),
                actor: ANA,
                session: { id: sampleSession().id, name: 'Tuesday jam', coverPicture: null, status: 'live' },
              },
            ],
            page: 1,
            size: 20,
            total: 1,
          }),
        );
      if (url.startsWith('/api/v1/sessions?')) {
        const p = new URL(url, 'http://x').searchParams.get('p') ?? '1';
        return Promise.resolve(json(200, livePages[p]));
      }
      return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentUser(null);
    busHandlers.clear();
  });

  it('lists live sessions and the activity feed', async () => {
    renderWithProviders(<HallPage />);
    const live = await screen.findByRole('region', { name: 'Live sessions' });
    expect(await within(live).findByRole('link', { name: 'Join Tuesday jam' })).toHaveAttribute(
      'href',
      `/studio/open-rehearsal/${sampleSession().id}`,
    );
    const feed = screen.getByRole('region', { name: 'Session activity' });
    expect(await within(feed).findByText(/Ana created/)).toBeInTheDocument();
  });

  it('shows more live sessions, a page at a time, while the server has more', async () => {
    livePages = { '1': pageOf(sessionsNamed(1, 2), 1, 3, 2), '2': pageOf(sessionsNamed(3, 1), 2, 3, 2) };
    renderWithProviders(<HallPage />);
    const live = await screen.findByRole('region', { name: 'Live sessions' });
    expect(await within(live).findByText('Jam 1')).toBeInTheDocument();
    expect(within(live).queryByText('Jam 3')).not.toBeInTheDocument();

    await userEvent.click(within(live).getByRole('button', { name: 'Show more' }));
    expect(await within(live).findByText('Jam 3')).toBeInTheDocument();
    expect(within(live).getByText('Jam 1')).toBeInTheDocument();
    expect(within(live).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(fetchSpy.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/v1/sessions?'))).toEqual([
      '/api/v1/sessions?p=1',
      '/api/v1/sessions?p=2',
    ]);
  });

  it('offers no "Show more" when everything fits on one page', async () => {
    renderWithProviders(<HallPage />);
    const live = await screen.findByRole('region', { name: 'Live sessions' });
    expect(await within(live).findByText('Tuesday jam')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows a new invitation as soon as the bus announces it, with a notification and a badge', async () => {
    renderWithProviders(
      <>
        <HallPage />
        <InvitationNotices userId={BEN.id} />
        <InvitationsBadge />
        <ToastHost />
      </>,
    );
    const section = await screen.findByRole('region', { name: 'Invitations' });
    expect(await within(section).findByText('No invitation for now.')).toBeInTheDocument();

    const session = sampleSession({
      public: false,
      invited: [{ musician: BEN, invitedAt: new Date().toISOString(), invitedBy: ANA }],
    });
    invited = [session];
    const deliver = busHandlers.get(busTopics.invitations(BEN.id));
    expect(deliver).toBeDefined();
    act(() => deliver!({ event: 'invited', session, invitedBy: ANA }));

    expect(await within(section).findByText('Tuesday jam')).toBeInTheDocument();
    expect(within(section).getByText('Invited by Ana')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Ana invited you to Tuesday jam');
    // Live: the toast's way in joins in one click.
    expect(within(screen.getByRole('status')).getByRole('link', { name: 'Join' })).toHaveAttribute(
      'href',
      `/studio/open-rehearsal/${session.id}`,
    );
    expect(await screen.findByTestId('invitations-badge')).toHaveTextContent('1');
    expect(screen.getByText('1 pending invitation')).toBeInTheDocument();
  });

  it('shows a private session’s players live in the invitee hall, without a notification', async () => {
    const session = sampleSession({
      public: false,
      invited: [{ musician: BEN, invitedAt: new Date().toISOString(), invitedBy: ANA }],
    });
    invited = [session];
    renderWithProviders(
      <>
        <HallPage />
        <InvitationNotices userId={BEN.id} />
        <ToastHost />
      </>,
    );
    const section = await screen.findByRole('region', { name: 'Invitations' });
    expect(await within(section).findByText('0 of 8 players')).toBeInTheDocument();
    // (Toasts of earlier tests may still be up: the toast store outlives a render.)
    const toastsBefore = screen.queryAllByText(/invited you/).length;
    const playing = { ...session, players: [player(ANA, 0)] };
    invited = [playing];
    act(() => busHandlers.get(busTopics.invitations(BEN.id))!({ event: 'changed', session: playing }));
    expect(await within(section).findByText('1 of 8 players')).toBeInTheDocument();
    expect(screen.queryAllByText(/invited you/)).toHaveLength(toastsBefore);
  });
});

describe('hallSections', () => {
  const at = (id: string, status: Session['status'], startsAt = '2031-01-01T10:00:00Z') =>
    sampleSession({ id, status, startsAt });

  it('lists each session once: invitations first, then live, then my own scheduled ones soonest first', () => {
    const invitedLive = at('invited-live', 'live');
    const invitedLater = at('invited-later', 'scheduled');
    const otherLive = at('other-live', 'live');
    const mineLater = at('mine-later', 'scheduled', '2031-02-01T10:00:00Z');
    const mineSooner = at('mine-sooner', 'scheduled', '2031-01-15T10:00:00Z');
    const mineLive = at('mine-live', 'live');
    const sections = hallSections(
      [invitedLive, otherLive, mineLive],
      [mineLater, mineLive, mineSooner],
      [invitedLive, invitedLater],
    );
    expect(sections.invitations.map((s) => s.id)).toEqual(['invited-live', 'invited-later']);
    expect(sections.live.map((s) => s.id)).toEqual(['other-live', 'mine-live']);
    expect(sections.upcoming.map((s) => s.id)).toEqual(['mine-sooner', 'mine-later']);
    const all = [...sections.invitations, ...sections.live, ...sections.upcoming].map((s) => s.id);
    expect(new Set(all).size).toBe(all.length);
  });

  it('leaves ended and cancelled sessions out of the hall', () => {
    const sections = hallSections([at('e', 'ended')], [at('c', 'cancelled')], [at('x', 'cancelled')]);
    expect(sections).toEqual({ live: [], upcoming: [], invitations: [] });
  });
});
