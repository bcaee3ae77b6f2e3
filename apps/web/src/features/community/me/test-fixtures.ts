import { vi } from 'vitest';
import type { CurrentUser } from '@tutti/contract/accounts';
import type { Profile } from '@tutti/contract/community';
import { BEN, json, userOf } from '../../sessions/test-fixtures';

/** What the server answers this feature's tests, and the calls it received. */
export const me = (patch: Partial<CurrentUser> = {}): CurrentUser => ({
  ...userOf(BEN),
  email: 'ben@example.com',
  newsOptIn: false,
  publicProfile: true,
  createdAt: '2024-03-01T10:00:00.000Z',
  ...patch,
});

export function sampleProfile(patch: Partial<Profile> = {}): Profile {
  return {
    id: BEN.id,
    username: 'ben',
    displayedUsername: 'Ben',
    profilePicture: null,
    coverPicture: null,
    verified: true,
    publicProfile: true,
    restricted: false,
    self: true,
    country: 'FR',
    city: { id: 2988507, name: 'Paris', region: 'Île-de-France', country: 'FR' },
    biography: 'Blues and soul since 2010.',
    socialLinks: [{ network: 'youtube', url: 'https://youtube.com/@ben' }],
    instruments: [{ instrument: 'guitar', skill: 'expert', brand: 'Gibson', model: 'ES-335' }],
    musicStyles: ['blues'],
    connectionType: 'fiber',
    followers: 3,
    follows: 1,
    followed: false,
    delayMs: null,
    createdAt: '2024-03-01T10:00:00.000Z',
    ...patch,
  };
}

export const INSTRUMENTS = [
  { id: 'guitar', name: { en: 'Guitar', fr: 'Guitare' } },
  { id: 'drums', name: { en: 'Drums', fr: 'Batterie' } },
  { id: 'piano', name: { en: 'Piano', fr: 'Piano' } },
];
export const STYLES = [
  { id: 'blues', name: { en: 'Blues', fr: 'Blues' } },
  { id: 'jazz', name: { en: 'Jazz', fr: 'Jazz' } },
];
export const COUNTRIES = [
  { code: 'FR', name: { en: 'France', fr: 'France' } },
  { code: 'DE', name: { en: 'Germany', fr: 'Allemagne' } },
  { code: 'CA', name: { en: 'Canada', fr: 'Canada' } },
];
export const NETWORKS = [
  { id: 'youtube', name: 'YouTube', urlPrefix: 'https://youtube.com/' },
  { id: 'instagram', name: 'Instagram', urlPrefix: 'https://instagram.com/' },
];
export const LYON = {
  id: 2996944,
  name: 'Lyon',
  region: 'Auvergne-Rhône-Alpes',
  country: 'FR',
  latitude: 45.75,
  longitude: 4.85,
};

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fetch stub answering the profile's calls; `answers` overrides any "METHOD /path" (path without the query). */
export function stubServer(answers: Record<string, () => Response> = {}) {
  const calls: Call[] = [];
  let profile = sampleProfile();
  const fetchSpy = vi.fn((url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/api\//, '').split('?')[0]!;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
    calls.push({ method, path, body });
    const custom = answers[`${method} ${path}`];
    if (custom) return Promise.resolve(custom());
    if (path === 'v1/profiles/username/ben') return Promise.resolve(json(200, profile));
    if (path === 'v1/instruments') return Promise.resolve(json(200, INSTRUMENTS));
    if (path === 'v1/music-styles') return Promise.resolve(json(200, STYLES));
    if (path === 'v1/config/countries') return Promise.resolve(json(200, COUNTRIES));
    if (path === 'v1/config/social-networks') return Promise.resolve(json(200, NETWORKS));
    if (path === 'v1/places/cities') return Promise.resolve(json(200, [LYON]));
    if (path === 'v1/me') return Promise.resolve(json(200, me()));
    if (method === 'PUT' && (path === 'v2/me/profile' || path === 'v1/me/music-skills')) {
      profile = { ...profile };
      return Promise.resolve(json(200, profile));
    }
    return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
  });
  vi.stubGlobal('fetch', fetchSpy);
  return { calls, fetchSpy };
}
