import { afterEach, describe, expect, it } from 'vitest';
import { pictureUrl } from './picture-url';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from './runtime-config';

describe('pictureUrl', () => {
  afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

  it('is GET v1/accounts/{username}/picture under the API base, the username escaped', () => {
    expect(pictureUrl('ana')).toBe('/api/v1/accounts/ana/picture');
    expect(pictureUrl('a b')).toBe('/api/v1/accounts/a%20b/picture');
  });

  it('follows the runtime configuration’s API address', () => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, apiUrl: 'https://api.example.org/' });
    expect(pictureUrl('ana')).toBe('https://api.example.org/v1/accounts/ana/picture');
  });
});
