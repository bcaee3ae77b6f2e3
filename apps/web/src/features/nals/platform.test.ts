import { describe, expect, it } from 'vitest';
import { detectPlatform } from './platform';

const UA = {
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  windows64:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  wow64: 'Mozilla/5.0 (Windows NT 6.1; WOW64; rv:52.0) Gecko/20100101 Firefox/52.0',
  windows32: 'Mozilla/5.0 (Windows NT 6.1; rv:52.0) Gecko/20100101 Firefox/52.0',
  catalina:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  yosemite:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_5) AppleWebKit/600.8.9 (KHTML, like Gecko) Version/8.0.8 Safari/600.8.9',
  mavericks:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_9_5) AppleWebKit/537.78.2 (KHTML, like Gecko) Version/7.0.6 Safari/537.78.2',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  freebsd: 'Mozilla/5.0 (X11; FreeBSD amd64; rv:120.0) Gecko/20100101 Firefox/120.0',
};

describe('detectPlatform', () => {
  it('offers Linux, Windows 64-bit and macOS from Yosemite', () => {
    expect(detectPlatform({ userAgent: UA.linux })).toBe('linux');
    expect(detectPlatform({ userAgent: UA.windows64 })).toBe('windows');
    expect(detectPlatform({ userAgent: UA.wow64 })).toBe('windows');
    expect(detectPlatform({ userAgent: UA.catalina })).toBe('mac');
    expect(detectPlatform({ userAgent: UA.firefoxMac })).toBe('mac');
    expect(detectPlatform({ userAgent: UA.yosemite })).toBe('mac');
  });

  it('leaves out older Macs, 32-bit Windows, phones, tablets, Chromebooks and other systems', () => {
    expect(detectPlatform({ userAgent: UA.mavericks })).toBe('unsupported');
    expect(detectPlatform({ userAgent: UA.windows32 })).toBe('unsupported');
    expect(detectPlatform({ userAgent: UA.iphone })).toBe('unsupported');
    expect(detectPlatform({ userAgent: UA.android })).toBe('unsupported');
    expect(detectPlatform({ userAgent: UA.chromebook })).toBe('unsupported');
    expect(detectPlatform({ userAgent: UA.freebsd })).toBe('unsupported');
    // An iPad asks for the desktop site with a Mac user agent, but it has a touch screen.
    expect(detectPlatform({ userAgent: UA.catalina, maxTouchPoints: 5 })).toBe('unsupported');
  });

  it('listens to client hints where the browser gives them', () => {
    expect(detectPlatform({ userAgent: UA.linux, userAgentData: { platform: 'Linux', mobile: true } })).toBe(
      'unsupported',
    );
    expect(detectPlatform({ userAgent: 'Mozilla/5.0', userAgentData: { platform: 'Linux', mobile: false } })).toBe(
      'linux',
    );
    expect(detectPlatform({ userAgent: 'Mozilla/5.0', userAgentData: { platform: 'Chrome OS' } })).toBe('unsupported');
  });
});
