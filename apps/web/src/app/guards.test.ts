import { describe, expect, it } from 'vitest';
import { ADMIN, GUEST, PUBLIC, SIGNED_IN, TESTER, decideAccess, decideAppStart, requireRole } from './guards';
import { safeRedirectTarget } from '../lib/redirect-target';

const user = { privileges: ['CORE_GUEST'] };

describe('decideAccess', () => {
  it('lets guests open guest-only routes and sends signed-in users to the hall', () => {
    expect(decideAccess(GUEST, null, '/users/login')).toEqual({ type: 'allow' });
    expect(decideAccess(GUEST, user, '/users/login')).toEqual({ type: 'redirect', to: '/studio/hall' });
  });

  it('sends guests on protected routes to login and remembers the target', () => {
    expect(decideAccess(SIGNED_IN, null, '/me/preferences?tab=devices')).toEqual({
      type: 'redirect',
      to: '/users/login',
      rememberTarget: '/me/preferences?tab=devices',
    });
  });

  it('allows a user holding the role', () => {
    expect(decideAccess(SIGNED_IN, user, '/studio/hall')).toEqual({ type: 'allow' });
  });

  it('answers not-found when the role is missing', () => {
    expect(decideAccess(requireRole('TUTTI_MU'), user, '/studio/test-rehearsal/1')).toEqual({ type: 'not-found' });
  });

  it('opens the test rehearsal to TUTTI_MU only; others get the not-found page', () => {
    expect(decideAccess(TESTER, user, '/studio/test-rehearsal/1')).toEqual({ type: 'not-found' });
    expect(decideAccess(TESTER, { privileges: ['CORE_GUEST', 'TUTTI_MU'] }, '/x')).toEqual({ type: 'allow' });
  });

  it('opens the administration to CORE_ADMIN only; a musician gets the not-found page', () => {
    expect(decideAccess(ADMIN, user, '/admin/products')).toEqual({ type: 'not-found' });
    expect(decideAccess(ADMIN, { privileges: ['CORE_GUEST', 'CORE_ADMIN'] }, '/admin/products')).toEqual({
      type: 'allow',
    });
  });

  it('lets everyone open public routes', () => {
    expect(decideAccess(PUBLIC, null, '/nowhere')).toEqual({ type: 'allow' });
    expect(decideAccess(PUBLIC, user, '/nowhere')).toEqual({ type: 'allow' });
  });
});

describe('decideAppStart', () => {
  it('stays put on an empty hint', () => {
    expect(decideAppStart('')).toBeNull();
    expect(decideAppStart('  \n')).toBeNull();
  });

  it('sends the audio-client download hint to onboarding', () => {
    expect(decideAppStart('nals-download-app-start')).toBe('/studio/onboarding');
    expect(decideAppStart('nals-download-app-start', '/studio/hall')).toBe('/studio/onboarding');
  });

  it('lets a link the newcomer followed win over the onboarding (the hall leads there later)', () => {
    expect(decideAppStart('nals-download-app-start', '/studio/open-rehearsal/abc')).toBeNull();
    expect(decideAppStart('password-recovered', '/studio/open-rehearsal/abc')).toBe(
      '/studio/welcome?t=password-recovered',
    );
  });

  it('sends any other hint to the welcome page with the hint as t', () => {
    expect(decideAppStart('password-recovered')).toBe('/studio/welcome?t=password-recovered');
    expect(decideAppStart('new year')).toBe('/studio/welcome?t=new%20year');
  });
});

describe('safeRedirectTarget', () => {
  it('keeps paths of this site', () => {
    expect(safeRedirectTarget('/me/preferences?tab=devices')).toBe('/me/preferences?tab=devices');
  });

  it('refuses other sites, guest pages and nothing', () => {
    expect(safeRedirectTarget('//evil.example/x')).toBeNull();
    expect(safeRedirectTarget('https://evil.example')).toBeNull();
    expect(safeRedirectTarget('/users/login')).toBeNull();
    expect(safeRedirectTarget(null)).toBeNull();
  });
});
