import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { busHandlers } from '../bus-mock';
import { BEN, json, pageOf, sessionsNamed, userOf } from '../test-fixtures';
import { SessionsPage } from './sessions-page';

vi.mock('../../../lib/use-bus', async () => (await import('../bus-mock')).busMock);

/** Pages of v1/me/sessions by p: three organized sessions, two per page; no invitation. */
const minePages: Record<string, unknown> = {
  '1': { organized: pageOf(sessionsNamed(1, 2), 1, 3, 2), invited: pageOf([], 1, 0, 2), remainingMinutes: 90 },
  '2': { organized: pageOf(sessionsNamed(3, 1), 2, 3, 2), invited: pageOf([], 2, 0, 2), remainingMinutes: 90 },
};

describe('SessionsPage', () => {
  const fetchSpy = vi.fn((url: string) => {
    const p = new URL(url, 'http://x').searchParams.get('p') ?? '1';
    if (url.startsWith('/api/v1/me/sessions')) return Promise.resolve(json(200, minePages[p]));
    if (url.startsWith('/api/v1/sessions/public')) return Promise.resolve(json(200, pageOf([], 1, 0)));
    return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
  });
  beforeEach(() => {
    fetchSpy.mockClear();
    setCurrentUser(userOf(BEN));
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentUser(null);
    busHandlers.clear();
  });

  it('loads more of my sessions with "Show more" until the server has no more', async () => {
    renderWithProviders(<SessionsPage />);
    expect(await screen.findByText('Jam 2')).toBeInTheDocument();
    expect(screen.queryByText('Jam 3')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Jam 3')).toBeInTheDocument();
    expect(screen.getByText('Jam 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const mineCalls = fetchSpy.mock.calls.map(([u]) => u).filter((u) => u.startsWith('/api/v1/me/sessions'));
    expect(mineCalls).toEqual(['/api/v1/me/sessions?p=1', '/api/v1/me/sessions?p=2']);
  });

  it('says "Show more" in French', async () => {
    renderWithProviders(<SessionsPage />, { locale: 'fr' });
    expect(await screen.findByRole('button', { name: 'Afficher plus' })).toBeInTheDocument();
  });
});
