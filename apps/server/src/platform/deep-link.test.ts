import { describe, expect, it } from 'vitest';
import { deepLinkUrl } from './deep-link.ts';

describe('deepLinkUrl', () => {
  it('names the page in the query, slashes readable and the rest encoded', () => {
    expect(deepLinkUrl('https://tutti.example', '/messages/b1e4d2a7-90c3-4f8e-8a5d-6c2b7e1f0a93')).toBe(
      'https://tutti.example/deeplink?to=/messages/b1e4d2a7-90c3-4f8e-8a5d-6c2b7e1f0a93',
    );
    expect(deepLinkUrl('https://tutti.example/', '/me/preferences?tab=billing')).toBe(
      'https://tutti.example/deeplink?to=/me/preferences%3Ftab%3Dbilling',
    );
  });

  it('reads back to the same path in the browser', () => {
    const path = '/me/preferences?tab=billing&x=a b';
    expect(new URL(deepLinkUrl('http://localhost:8080', path)).searchParams.get('to')).toBe(path);
  });

  it('refuses anything but a path of the app', () => {
    expect(() => deepLinkUrl('https://tutti.example', 'https://evil.example')).toThrow();
  });
});
