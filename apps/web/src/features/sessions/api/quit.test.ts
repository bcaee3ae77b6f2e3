import { afterEach, describe, expect, it, vi } from 'vitest';
import { quitUrl, sendQuitBeacon } from './quit';

describe('quit beacon', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the leave token as text/plain to the quit path of the session kind', async () => {
    const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    expect(sendQuitBeacon('open', 'abc', 'tok-1')).toBe(true);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('/api/v1/open-rehearsal/abc/quit');
    expect(body.type).toBe('text/plain');
    expect(JSON.parse(await body.text())).toEqual({ leaveToken: 'tok-1' });
    expect(quitUrl('test', 'abc')).toBe('/api/v1/test-rehearsal/abc/quit');
  });
});
