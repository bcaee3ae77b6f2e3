import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { busTopics } from '@tutti/contract/bus';
import { renderWithProviders } from '../../../../test/render';
import { ToastHost } from '../../../components/ui/toast-host';
import { setCurrentUser } from '../../../lib/session';
import { busHandlers } from '../bus-mock';
import { ANA, BEN, json, sampleSession, userOf } from '../test-fixtures';
import { HallPage, upcomingSessions } from './hall-page';

vi.mock('../../../lib/use-bus', async () => (await import('../bus-mock')).busMock);

describe('HallPage', () => {
  let invited: unknown[] = [];
  beforeEach(() => {
    invited = [];
    setCurrentUser(userOf(BEN));
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url.startsWith('/api/v1/me/sessions'))
          return Promise.resolve(json(200, { organized: [], invited, remainingMinutes: 120 }));
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
              total: 1,
            }),
          );
        if (url.startsWith('/api/v1/sessions')) return Promise.resolve(json(200, [sampleSession()]));
        return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
      }),
    );
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

  it('shows a new invitation as soon as the bus announces it, with a notification', async () => {
    renderWithProviders(
      <>
        <HallPage />
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
  });
});

describe('upcomingSessions', () => {
  it('keeps the scheduled ones, each once, soonest first', () => {
    const a = sampleSession({ id: 'a', status: 'scheduled', startsAt: '2031-02-01T10:00:00Z' });
    const b = sampleSession({ id: 'b', status: 'scheduled', startsAt: '2031-01-01T10:00:00Z' });
    const c = sampleSession({ id: 'c', status: 'live' });
    expect(upcomingSessions([a, c], [b, a]).map((s) => s.id)).toEqual(['b', 'a']);
  });
});
