import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_RUNTIME_CONFIG,
  getRuntimeConfig,
  loadRuntimeConfig,
  parseRuntimeConfig,
  setRuntimeConfig,
} from './runtime-config';
import { compareVersions, isNewerVersion } from './version';
import shippedConfig from '../../public/config.json?raw';

describe('runtime config', () => {
  afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

  it('reads api_url and landing_url', () => {
    expect(
      parseRuntimeConfig({ api_url: 'https://api.tutti.example/api', landing_url: 'https://tutti.example' }),
    ).toEqual({
      ...DEFAULT_RUNTIME_CONFIG,
      apiUrl: 'https://api.tutti.example/api/',
      landingUrl: 'https://tutti.example',
    });
  });

  it('points the footer at the pages the app ships, with no tutorial link, by default', () => {
    expect(DEFAULT_RUNTIME_CONFIG).toMatchObject({
      helpUrl: '/help.html',
      legalUrl: '/legal.html',
      termsUrl: '/terms.html',
      tutorialUrl: null,
    });
    expect(parseRuntimeConfig({ api_url: '/api/', landing_url: '/' })).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('reads help_url, legal_url, terms_url and tutorial_url', () => {
    expect(
      parseRuntimeConfig({
        help_url: 'https://tutti.example/help',
        legal_url: '/pages/legal.html',
        terms_url: 'http://tutti.example/terms',
        tutorial_url: 'https://video.example/tutti-tutorial',
      }),
    ).toEqual({
      ...DEFAULT_RUNTIME_CONFIG,
      helpUrl: 'https://tutti.example/help',
      legalUrl: '/pages/legal.html',
      termsUrl: 'http://tutti.example/terms',
      tutorialUrl: 'https://video.example/tutti-tutorial',
    });
  });

  it('falls back to the defaults for anything invalid', () => {
    expect(parseRuntimeConfig(null)).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig('{"api_url":"/x/"}')).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig({ api_url: 42, landing_url: 'javascript:alert(1)' })).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig({ api_url: '', landing_url: '//evil.example' })).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(
      parseRuntimeConfig({
        help_url: 'javascript:alert(1)',
        legal_url: '//evil.example/legal',
        terms_url: '   ',
        tutorial_url: 'ftp://files.example/tutorial.mp4',
      }),
    ).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig({ help_url: null, legal_url: 1, terms_url: {}, tutorial_url: '' })).toEqual(
      DEFAULT_RUNTIME_CONFIG,
    );
  });

  it('keeps the valid values when others are invalid', () => {
    expect(parseRuntimeConfig({ legal_url: 'https://tutti.example/legal', terms_url: 'mailto:x@y.z' })).toEqual({
      ...DEFAULT_RUNTIME_CONFIG,
      legalUrl: 'https://tutti.example/legal',
    });
  });

  it('reads the config.json the app ships as the defaults', async () => {
    const shipped: unknown = JSON.parse(shippedConfig);
    expect(parseRuntimeConfig(shipped)).toEqual(DEFAULT_RUNTIME_CONFIG);
    const served = vi.fn(() => Promise.resolve(Response.json(shipped)));
    await expect(loadRuntimeConfig(served as unknown as typeof fetch)).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('uses the defaults when config.json is missing or not JSON', async () => {
    const missing = vi.fn(() => Promise.resolve(new Response('not found', { status: 404 })));
    await expect(loadRuntimeConfig(missing as unknown as typeof fetch)).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
    const garbled = vi.fn(() => Promise.resolve(new Response('{oops', { status: 200 })));
    await expect(loadRuntimeConfig(garbled as unknown as typeof fetch)).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(getRuntimeConfig()).toEqual(DEFAULT_RUNTIME_CONFIG);
  });
});

describe('version comparison', () => {
  it('compares dotted versions numerically', () => {
    expect(compareVersions('0.10.0', '0.9.3')).toBe(1);
    expect(compareVersions('1.0.0', '1.0')).toBe(0);
    expect(compareVersions('0.1.0', '0.2.0')).toBe(-1);
  });

  it('reloads only for a newer deployment than the stored one', () => {
    expect(isNewerVersion('0.2.0', '0.1.0')).toBe(true);
    expect(isNewerVersion('0.1.0', '0.1.0')).toBe(false);
    expect(isNewerVersion('0.1.0', '0.2.0')).toBe(false);
    expect(isNewerVersion('0.2.0', null)).toBe(false);
    expect(isNewerVersion(null, '0.1.0')).toBe(false);
  });
});
