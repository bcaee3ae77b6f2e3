import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@tutti/contract/community';
import { setCurrentUser } from '../../../lib/session';
import { ANA, BEN, pageOf, userOf } from '../../sessions/test-fixtures';
import { cardOf, json, notFound, REFERENCE, renderAt } from '../search/test-render';
import { ProfilePage } from './profile-page';

function profileOf(patch: Partial<Profile> = {}): Profile {
  return {
    id: BEN.id,
    username: 'ben',
    displayedUsername: 'Ben',
    profilePicture: null,
    coverPicture: null,
    verified: true,
    publicProfile: true,
    restricted: false,
    self: false,
    country: 'FR',
    city: { id: 1, name: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR' },
    biography: 'Drummer from Lyon.',
    socialLinks: [{ network: 'youtube', url: 'https://youtube.com/@ben' }],
    instruments: [{ instrument: 'drums', skill: 'expert', brand: 'Yamaha', model: 'Stage Custom' }],
    musicStyles: ['jazz'],
    connectionType: 'broadband',
    followers: 1,
    follows: 2,
    followed: false,
    delayMs: 7.8,
    createdAt: '2030-01-01T00:00:00.000Z',
    ...patch,
  };
}

describe('ProfilePage', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  let profile: () => Response;
  const calls = (method: string, path: string) =>
    fetchSpy.mock.calls.filter(
      ([url, init]) => url === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
    );
  const show = (locale: 'en' | 'fr' = 'en') =>
    renderAt('/users/profiles/ben', [{ path: '/users/profiles/:username', element: <ProfilePage /> }], { locale });

  beforeEach(() => {
    setCurrentUser(userOf(ANA));
    profile = () => json(200, profileOf());
    fetchSpy = vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url in REFERENCE) return Promise.resolve(json(200, REFERENCE[url]));
      if (url === '/api/v1/profiles/username/ben') return Promise.resolve(profile());
      if (url.startsWith('/api/v1/me/follows?'))
        return Promise.resolve(json(200, pageOf([cardOf({ id: ANA.id, username: 'ana', followed: true })])));
      if (url.startsWith(`/api/v1/accounts/${BEN.id}/followers`))
        return Promise.resolve(json(200, pageOf([cardOf({ id: ANA.id, username: 'ana', followed: false })])));
      if (method !== 'GET') return Promise.resolve(new Response(null, { status: 204 }));
      return Promise.resolve(notFound());
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('shows the profile: names, place, delay from me, about, instruments, styles, links, counts', async () => {
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ben' })).toBeInTheDocument();
    expect(screen.getByText('@ben')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified musician' })).toBeInTheDocument();
    expect(await screen.findByText('Lyon, Auvergne-Rhône-Alpes, France')).toBeInTheDocument();
    expect(screen.getByText('≈ 8 ms')).toBeInTheDocument();
    expect(screen.getByText('Drummer from Lyon.')).toBeInTheDocument();
    expect(await screen.findByText('Drums')).toBeInTheDocument();
    expect(screen.getByText('Yamaha Stage Custom')).toBeInTheDocument();
    const connection = screen.getByRole('region', { name: 'Internet connection' });
    expect(connection).toHaveTextContent('Broadband (DSL/cable)');
    expect(await screen.findByText('Jazz')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'YouTube https://youtube.com/@ben (opens in a new tab)' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: '1 follower' })).toBeInTheDocument();
    expect(screen.getByText('2 follows')).toBeInTheDocument();
    expect(document.title).toBe('Ben | Tutti');
  });

  it('shows the connection type in French, and leaves the section out when the musician has not told it', async () => {
    profile = () => json(200, profileOf({ connectionType: 'satellite' }));
    show('fr');
    const section = await screen.findByRole('region', { name: 'Connexion Internet' });
    expect(section).toHaveTextContent('Satellite');
    cleanup();
    profile = () => json(200, profileOf({ connectionType: 'fiber' }));
    show('fr');
    expect(await screen.findByRole('region', { name: 'Connexion Internet' })).toHaveTextContent('Fibre');
    cleanup();
    profile = () => json(200, profileOf({ connectionType: null }));
    show();
    expect(await screen.findByRole('region', { name: 'Instruments' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Internet connection' })).not.toBeInTheDocument();
  });

  it('follows the musician', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Ben' }));
    await waitFor(() => expect(calls('POST', `/api/v1/me/followers/${BEN.id}`)).toHaveLength(1));
    expect(await screen.findByText('You follow Ben.')).toBeInTheDocument();
  });

  it('lists the followers in a dialog', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: '1 follower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ben’s followers' });
    expect(await within(dialog).findByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/users/profiles/ana');
  });

  it('lists whom I follow from my own profile (in French), while another musician’s stays a count', async () => {
    show();
    expect(await screen.findByText('2 follows')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '2 follows' })).not.toBeInTheDocument();
    cleanup();
    profile = () => json(200, profileOf({ self: true }));
    show('fr');
    await userEvent.click(await screen.findByRole('button', { name: /2 abonnements/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Les musiciens que vous suivez' });
    expect(await within(dialog).findByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/users/profiles/ana');
    expect(calls('GET', '/api/v1/me/follows?p=1&size=10')).toHaveLength(1);
  });

  it('blocks only after a confirmation that says what a block does, then offers to unblock', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Ben' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block Ben', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Ben?' });
    expect(dialog).toHaveTextContent('Follows both ways are removed');
    expect(dialog).toHaveTextContent('Ben is not told.');
    expect(calls('POST', `/api/v1/me/blocked/${BEN.id}`)).toHaveLength(0);

    profile = () => notFound();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(
      await screen.findByRole('heading', { name: 'You blocked Ben: you no longer see each other.' }),
    ).toBeInTheDocument();
    expect(calls('POST', `/api/v1/me/blocked/${BEN.id}`)).toHaveLength(1);

    profile = () => json(200, profileOf({ followers: 0 }));
    await userEvent.click(screen.getByRole('button', { name: 'Unblock Ben' }));
    await waitFor(() => expect(calls('DELETE', `/api/v1/me/blocked/${BEN.id}`)).toHaveLength(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ben' })).toBeInTheDocument();
  });

  it('cancelling the confirmation blocks no one', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Ben' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block Ben', hidden: true }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls('POST', `/api/v1/me/blocked/${BEN.id}`)).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Ben' })).toBeInTheDocument();
  });

  it('shows only names and pictures of a private profile I do not follow', async () => {
    profile = () =>
      json(
        200,
        profileOf({
          restricted: true,
          publicProfile: false,
          city: null,
          country: null,
          biography: null,
          socialLinks: [],
          instruments: [],
          musicStyles: [],
          connectionType: null,
          followers: null,
          follows: null,
          delayMs: null,
        }),
      );
    show('fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ben' })).toBeInTheDocument();
    expect(screen.getByText('Ce profil est privé : suivez Ben pour en voir plus.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Instruments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /abonné/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suivre Ben' })).toBeInTheDocument();
  });

  it('shows the app’s not-found page for an unknown or hidden profile, revealing nothing', async () => {
    profile = () => notFound();
    show();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('ben')).not.toBeInTheDocument();
  });

  it('on my own profile, links to /me instead of follow and block', async () => {
    profile = () => json(200, profileOf({ id: ANA.id, username: 'ben', self: true }));
    show();
    expect(await screen.findByRole('link', { name: 'Edit my profile' })).toHaveAttribute('href', '/me');
    expect(screen.queryByRole('button', { name: 'Follow Ben' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More actions for Ben' })).not.toBeInTheDocument();
  });

  it('tells a musician under 13 that the community opens at 13', () => {
    setCurrentUser({ ...userOf(ANA), eligibleToSocial: false });
    show();
    expect(screen.getByRole('heading', { name: 'The community opens at 13' })).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
