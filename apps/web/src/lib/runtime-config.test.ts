import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_RUNTIME_CONFIG,
  getRuntimeConfig,
  loadRuntimeConfig,
  parseRuntimeConfig,
  readRuntimeConfig,
  setRuntimeConfig,
} from './runtime-config';
import { compareVersions, isNewerVersion } from './version';
import shippedConfig from '../../public/config.json?raw';

const answering = (response: Response) => vi.fn(() => Promise.resolve(response)) as unknown as typeof fetch;

describe('runtime config', () => {
  afterEach(() => {
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    vi.restoreAllMocks();
  });

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

  it('uses the default landing URL instead of an invalid one, and names it (SPEC section 8)', () => {
    for (const landing of [
      'javascript:alert(1)',
      'not a url',
      'tutti.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'data:text/html,<p>hi</p>',
      42,
      true,
      { href: 'https://tutti.example' },
      ['https://tutti.example'],
    ]) {
      const { config, problems } = readRuntimeConfig({ api_url: '/api/', landing_url: landing });
      expect(config).toEqual(DEFAULT_RUNTIME_CONFIG);
      expect(config.landingUrl).toBe('/');
      expect(problems).toEqual([expect.stringMatching(/^landing_url is not a usable address .*: \/ is used$/)]);
    }
  });

  it('reports each field of the wrong type, keeping the valid ones', () => {
    const { config, problems } = readRuntimeConfig({
      api_url: 42,
      landing_url: 'https://tutti.example/',
      help_url: ['https://tutti.example/help'],
      legal_url: null,
      tutorial_url: '',
      unknown_key: 'ignored',
    });
    expect(config).toEqual({ ...DEFAULT_RUNTIME_CONFIG, landingUrl: 'https://tutti.example/' });
    expect(problems).toEqual([
      'api_url is not a usable address (42): /api/ is used',
      'help_url is not a usable address (["https://tutti.example/help"]): /help.html is used',
    ]);
  });

  it('takes anything but an object for no config at all', () => {
    for (const raw of [null, 'https://tutti.example', 7, ['/api/', '/']]) {
      const { config, problems } = readRuntimeConfig(raw);
      expect(config).toEqual(DEFAULT_RUNTIME_CONFIG);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^config\.json is not an object/);
    }
    expect(readRuntimeConfig({})).toEqual({ config: DEFAULT_RUNTIME_CONFIG, problems: [] });
  });

  it('starts with the defaults from an invalid config.json, saying why in the console only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const invalid = answering(Response.json({ api_url: false, landing_url: 'javascript:alert(1)' }));
    await expect(loadRuntimeConfig(invalid)).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(getRuntimeConfig().landingUrl).toBe('/');
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toMatch(
      /api_url .*; landing_url is not a usable address \("javascript:alert\(1\)"\)/,
    );

    warn.mockClear();
    await loadRuntimeConfig(answering(new Response('<!doctype html><title>Tutti</title>', { status: 200 })));
    expect(warn).toHaveBeenCalledWith('[config] config.json is not JSON: the defaults are used');
    warn.mockClear();
    await loadRuntimeConfig(answering(new Response('not found', { status: 404 })));
    expect(warn).toHaveBeenCalledWith('[config] config.json answered 404: the defaults are used');
    warn.mockClear();
    await loadRuntimeConfig(answering(Response.json({ api_url: '/api/', landing_url: 'https://tutti.example' })));
    expect(warn).not.toHaveBeenCalled();
    expect(getRuntimeConfig().landingUrl).toBe('https://tutti.example');
  });

  it('retries a server error rather than taking it for a missing file', async () => {
    await expect(loadRuntimeConfig(answering(new Response('oops', { status: 503 })))).rejects.toThrow('503');
  });

  it('uses the defaults when config.json is missing or not JSON', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
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
