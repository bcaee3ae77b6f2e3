/** What /config.json may set. Anything missing or invalid falls back to these defaults (spec section 8). */
export interface RuntimeConfig {
  apiUrl: string;
  landingUrl: string;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = { apiUrl: '/api/', landingUrl: '/' };

function isUsableUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const withTrailingSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const obj = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    apiUrl: isUsableUrl(obj.api_url) ? withTrailingSlash(obj.api_url) : DEFAULT_RUNTIME_CONFIG.apiUrl,
    landingUrl: isUsableUrl(obj.landing_url) ? obj.landing_url : DEFAULT_RUNTIME_CONFIG.landingUrl,
  };
}

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

export const getRuntimeConfig = (): RuntimeConfig => current;
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/** A link under the landing site: ('https://x.org/', 'legal') -> 'https://x.org/legal'. */
export function landingLink(path: string): string {
  return `${current.landingUrl.replace(/\/+$/, '')}/${path}`;
}

/**
 * Loads /config.json. A missing file or bad JSON means defaults; only a network failure throws,
 * so the startup can retry it.
 */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  const res = await fetchFn('/config.json', { cache: 'no-cache' });
  let config = DEFAULT_RUNTIME_CONFIG;
  if (res.ok) {
    try {
      config = parseRuntimeConfig(await res.json());
    } catch {
      config = DEFAULT_RUNTIME_CONFIG;
    }
  } else if (res.status >= 500) {
    throw new Error(`config.json answered ${res.status}`);
  }
  setRuntimeConfig(config);
  return config;
}
