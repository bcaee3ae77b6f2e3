import { describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { PATHS } from '../lib/paths';
import { DEEP_LINK_MAX_LENGTH, resolveDeepLink } from './deep-link';
import { routes } from './router';

const SESSION = '3f0c6a51-2b0e-4c1e-9a49-0d4c1c8e2f10';
const CONVERSATION = 'b1e4d2a7-90c3-4f8e-8a5d-6c2b7e1f0a93';
const HALL = PATHS.hall;

vi.mock('./startup', () => ({ startApp: async () => undefined, takeStartupVersionRead: () => true }));

const resolve = (to: string | null) => resolveDeepLink(to, routes);

describe('resolveDeepLink: targets the route table allows', () => {
  it.each([
    [`/studio/open-rehearsal/${SESSION}`, `/studio/open-rehearsal/${SESSION}`],
    [`/studio/test-rehearsal/${SESSION}`, `/studio/test-rehearsal/${SESSION}`],
    [`/messages/${CONVERSATION}`, `/messages/${CONVERSATION}`],
    ['/messages', '/messages'],
    ['/messages?q=ann', '/messages?q=ann'],
    ['/users/profiles/ann42', '/users/profiles/ann42'],
    ['/me', '/me'],
    ['/me?edit=1', '/me?edit=1'],
    ['/me/subscription', '/me/subscription'],
    ['/promo', '/promo'],
    ['/studio/hall', '/studio/hall'],
    ['/studio/sessions', '/studio/sessions'],
    ['/studio/sessions/new', '/studio/sessions/new'],
    ['/me/preferences', '/me/preferences'],
    ['/me/preferences?tab=billing', '/me/preferences?tab=billing'],
    ['/search', '/search'],
    ['/download', '/download'],
    ['/nals/selfcheck', '/nals/selfcheck'],
  ])('%s opens %s', (to, expected) => {
    expect(resolve(to)).toBe(expected);
  });

  it.each([
    // Only the parameters the page reads are kept, re-encoded.
    ['/me/preferences?tab=billing&next=https://evil.example', '/me/preferences?tab=billing'],
    ['/me/subscription?redirect=//evil.example', '/me/subscription'],
    ['/messages?q=a%26b', '/messages?q=a%26b'],
    [`/messages?q=${'x'.repeat(201)}`, '/messages'],
    // The fragment is dropped.
    [`/messages/${CONVERSATION}#bottom`, `/messages/${CONVERSATION}`],
  ])('%s is trimmed to %s', (to, expected) => {
    expect(resolve(to)).toBe(expected);
  });
});

describe('resolveDeepLink: everything else goes to the hall', () => {
  it.each([
    // Nothing, or not a path.
    ['missing', null],
    ['empty', ''],
    ['a relative path', 'messages'],
    ['the root', '/'],
    ['a trailing slash', '/me/subscription/'],
    // Routes the table does not mark.
    ['the login page', '/users/login'],
    ['the sign-up page', '/users/signup'],
    ['account validation', '/users/validate-account?token=abc'],
    ['the welcome page', '/studio/welcome?t=hello'],
    ['the administration', '/admin/products'],
    ['the deep link itself', '/deeplink?to=/me'],
    ['an unknown page', '/no/such/page'],
    ['the API', '/api/v1/me'],
    ['a static file', '/help.html'],
    // Absolute and protocol-relative URLs.
    ['https', 'https://evil.example'],
    ['http with a path', 'http://evil.example/studio/hall'],
    ['a scheme-relative host', '//evil.example'],
    ['a scheme-relative host with a path', '//evil.example/messages'],
    ['three slashes', '///evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash after a slash inside', '/messages\\..\\..\\evil'],
    ['userinfo', '/@evil.example'],
    ['userinfo with a scheme', 'https://tutti.example@evil.example'],
    // Schemes.
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: in mixed case', 'JaVaScRiPt:alert(1)'],
    ['javascript: after a slash', '/javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['a custom scheme', 'nals://start?token=x'],
    // Percent-encoded and double-encoded variants (the value as URLSearchParams decodes it once).
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['encoded lowercase slashes', '/%2f%2fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['double-encoded slashes', '/%252F%252Fevil.example'],
    ['an encoded leading slash', '%2F%2Fevil.example'],
    ['an encoded scheme', 'javascript%3Aalert(1)'],
    ['an encoded segment of a target', `/messages/%2F%2Fevil.example`],
    ['an encoded dot-dot', '/messages/%2E%2E/admin'],
    ['an encoded newline', '/messages%0A//evil.example'],
    // Control characters and whitespace tricks.
    ['a leading space', ' /studio/hall'],
    ['a leading tab before //', '\t//evil.example'],
    ['a newline inside //', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a NUL', '/studio/hall\u0000'],
    ['a no-break space', '/\u00a0/evil.example'],
    ['a BOM', '\ufeff//evil.example'],
    ['a line separator', '/\u2028/evil.example'],
    ['a C1 control', '/\u0085/evil.example'],
    // Path traversal out of the app.
    ['dot-dot', '/messages/../../admin'],
    ['dot-dot at the end', '/studio/..'],
    ['a dot segment', '/./studio/hall'],
    ['dot-dot to another host', '/../..//evil.example'],
    ['a target then dot-dot to the API', `/messages/${CONVERSATION}/../../api/v1/me`],
    // Unicode look-alikes of the slash and the dot.
    ['a fullwidth solidus', '/\uff0fevil.example'],
    ['a fraction slash', '/\u2044evil.example'],
    ['a one-dot leader', '/messages/\u2024\u2024/admin'],
    // Overly long values.
    ['too long', `/messages?q=${'a'.repeat(DEEP_LINK_MAX_LENGTH)}`],
    ['a too long segment', `/users/profiles/${'a'.repeat(65)}`],
  ])('%s (%j)', (_name, to) => {
    expect(resolve(to)).toBe(HALL);
  });
});

describe('the /deeplink route', () => {
  const find = (list: RouteObject[]): RouteObject | undefined =>
    list.map((r) => (r.path === 'deeplink' ? r : find(r.children ?? []))).find(Boolean);
  const open = async (search: string) => {
    const loader = find(routes)?.loader;
    if (typeof loader !== 'function') throw new Error('no /deeplink loader');
    const request = new Request(`http://localhost/deeplink${search}`);
    return (await loader({ request, params: {} } as LoaderFunctionArgs, undefined)) as Response;
  };

  it('replaces itself with the target, so it leaves no step in the history', async () => {
    const response = await open(`?to=${encodeURIComponent(`/messages/${CONVERSATION}`)}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/messages/${CONVERSATION}`);
    expect(response.headers.get('X-Remix-Replace')).toBe('true');
  });

  it.each([
    '?to=https://evil.example',
    '?to=//evil.example',
    '?to=/%2F%2Fevil.example',
    '?to=/%252F%252Fevil.example',
    '',
  ])('sends %s to the hall', async (search) => {
    expect((await open(search)).headers.get('Location')).toBe(HALL);
  });
});
