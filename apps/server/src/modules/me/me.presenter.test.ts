import { describe, expect, it } from 'vitest';
import type { AccountRow } from '../../platform/schema.ts';
import { isEligibleToSocial } from './me.policy.ts';
import { presentCurrentUser } from './me.presenter.ts';

const account: AccountRow = {
  id: '0b5f4b4e-8f5e-4c59-9b8e-0d6d2a3b1c01',
  email: 'ann@example.com',
  username: 'ann',
  passwordHash: '$argon2id$secret',
  birthdate: '2010-06-15',
  locale: 'fr',
  displayedUsername: null,
  newsOptIn: true,
  messageEmails: true,
  publicProfile: false,
  validatedAt: new Date('2026-01-01T00:00:00Z'),
  nalsToken: 'nals-token',
  appStartHint: null,
  lastPingAt: null,
  appDownloadedAt: null,
  audioClientSeenAt: null,
  onboardingSkippedAt: null,
  countryCode: null,
  cityId: null,
  biography: null,
  connectionType: null,
  profilePicture: null,
  coverPicture: null,
  verified: false,
  searchNames: 'ann',
  searchPlace: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  deletionRequestedAt: null,
  deletionBy: null,
};

describe('isEligibleToSocial', () => {
  it('needs a birthdate and 13 full years', () => {
    expect(isEligibleToSocial(null, new Date('2030-01-01T00:00:00Z'))).toBe(false);
    expect(isEligibleToSocial('2010-06-15', new Date('2023-06-14T23:59:59Z'))).toBe(false);
    expect(isEligibleToSocial('2010-06-15', new Date('2023-06-15T00:00:00Z'))).toBe(true);
  });
});

describe('presentCurrentUser', () => {
  it('answers the contract fields, never the password hash', () => {
    const user = presentCurrentUser(account, ['CORE_GUEST'], new Date('2026-06-01T00:00:00Z'), (k) => `/uploads/${k}`);
    expect(user).toEqual({
      id: account.id,
      email: 'ann@example.com',
      username: 'ann',
      displayedUsername: 'ann',
      profilePicture: null,
      locale: 'fr',
      privileges: ['CORE_GUEST'],
      nalsToken: 'nals-token',
      audioClientSeen: false,
      eligibleToSocial: true,
      birthdate: '2010-06-15',
      newsOptIn: true,
      messageEmails: true,
      publicProfile: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(JSON.stringify(user)).not.toContain('argon2');
  });

  it('falls back to the username when the displayed name is blank', () => {
    const today = new Date('2026-06-01T00:00:00Z');
    const url = (k: string) => `/uploads/${k}`;
    expect(presentCurrentUser({ ...account, displayedUsername: '  ' }, [], today, url).displayedUsername).toBe('ann');
    expect(presentCurrentUser({ ...account, displayedUsername: 'Ann B.' }, [], today, url).displayedUsername).toBe(
      'Ann B.',
    );
  });

  it("answers the stored picture's URL, and null (the default avatar) without one", () => {
    const today = new Date('2026-06-01T00:00:00Z');
    const url = (k: string) => `https://cdn.example/${k}`;
    expect(presentCurrentUser({ ...account, profilePicture: 'avatars/a.jpg' }, [], today, url).profilePicture).toBe(
      'https://cdn.example/avatars/a.jpg',
    );
    expect(presentCurrentUser(account, [], today, url).profilePicture).toBeNull();
  });
});
