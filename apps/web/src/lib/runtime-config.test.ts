import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_RUNTIME_CONFIG,
  getRuntimeConfig,
  landingLink,
  loadRuntimeConfig,
  parseRuntimeConfig,
  setRuntimeConfig,
} from './runtime-config';
import { compareVersions, isNewerVersion } from './version';

describe('runtime config', () => {
  afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

  it('reads api_url and landing_url', () => {
    expect(
      parseRuntimeConfig({ api_url: 'https://api.tutti.example/api', landing_url: 'https://tutti.example' }),
    ).toEqual({
      apiUrl: 'https://api.tutti.example/api/',
      landingUrl: 'https://tutti.example',
    });
  });

  it('falls back to the defaults for anything invalid', () => {
    expect(parseRuntimeConfig(null)).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig({ api_url: 42, landing_url: 'javascript:alert(1)' })).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig({ api_url: '', landing_url: '//evil.example' })).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('uses the defaults when config.json is missing or not JSON', async () => {
    const missing = vi.fn(() => Promise.resolve(new Response('not found', { status: 404 })));
    await expect(loadRuntimeConfig(missing as unknown as typeof fetch)).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
    const garbled = vi.fn(() => Promise.resolve(new Response('{oops', { status: 200 })));
    await expect(loadRuntimeConfig(garbled as unknown as typeof fetch)).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(getRuntimeConfig()).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('builds landing links without doubled slashes', () => {
    setRuntimeConfig({ apiUrl: '/api/', landingUrl: 'https://tutti.example/' });
    expect(landingLink('legal')).toBe('https://tutti.example/legal');
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    expect(landingLink('terms')).toBe('/terms');
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
