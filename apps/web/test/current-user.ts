import type { CurrentUser } from '@tutti/contract/accounts';

/** A signed-in musician as v1/me answers it (Ana, of the social age, audio client seen); tests change what they need. */
export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    email: 'ana@example.com',
    username: 'ana',
    displayedUsername: 'Ana',
    profilePicture: null,
    locale: 'en',
    privileges: ['CORE_GUEST'],
    nalsToken: 'tok_ana',
    audioClientSeen: true,
    eligibleToSocial: true,
    birthdate: '1990-01-01',
    newsOptIn: false,
    messageEmails: true,
    publicProfile: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
