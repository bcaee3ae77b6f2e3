import { describe, expect, it } from 'vitest';
import { asLocale, localeFromAcceptLanguage, privilegesForNewAccount } from './accounts.policy.ts';

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr-CA', 'fr'],
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    ['de-DE,de;q=0.9', 'en'],
    ['de-DE,fr;q=0.5,en;q=0.7', 'en'],
    ['de-DE,en;q=0.5,fr;q=0.7', 'fr'],
    ['fr;q=0,en', 'en'],
    ['*', 'en'],
  ])('%s -> %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe('privilegesForNewAccount', () => {
  it('makes everyone a guest and the listed emails admins, case-insensitively', () => {
    expect(privilegesForNewAccount('ann@example.com', [])).toEqual(['CORE_GUEST']);
    expect(privilegesForNewAccount(' Boss@Example.com', ['boss@example.com'])).toEqual(['CORE_GUEST', 'CORE_ADMIN']);
  });

  it('gives TUTTI_MU to the listed testers, by email or by @domain', () => {
    expect(privilegesForNewAccount('Tess@Example.com', [], ['tess@example.com'])).toEqual(['CORE_GUEST', 'TUTTI_MU']);
    expect(privilegesForNewAccount('any@Testers.local', [], ['@testers.local'])).toEqual(['CORE_GUEST', 'TUTTI_MU']);
    expect(privilegesForNewAccount('any@other.local', [], ['@testers.local'])).toEqual(['CORE_GUEST']);
    expect(privilegesForNewAccount('evil@testers.local.example', [], ['@testers.local'])).toEqual(['CORE_GUEST']);
  });
});

describe('asLocale', () => {
  it('keeps supported locales and reads anything else as English', () => {
    expect(asLocale('fr')).toBe('fr');
    expect(asLocale('xx')).toBe('en');
  });
});
