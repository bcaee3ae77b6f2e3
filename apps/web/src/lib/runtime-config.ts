/** What /config.json may set. Anything missing or invalid falls back to these defaults (spec section 8). */
export interface RuntimeConfig {
  apiUrl: string;
  landingUrl: string;
  /** Online help; by default the page the web app ships (public/help.html). */
  helpUrl: string;
  /** Legal mentions; by default public/legal.html, which the operator of the instance edits. */
  legalUrl: string;
  /** Terms of use; by default public/terms.html. */
  termsUrl: string;
  /** A tutorial video or page; none by default: the footer's tutorial modal then shows no link. */
  tutorialUrl: string | null;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiUrl: '/api/',
  landingUrl: '/',
  helpUrl: '/help.html',
  legalUrl: '/legal.html',
  termsUrl: '/terms.html',
  tutorialUrl: null,
};

/** A same-origin path ('/legal.html', not '//host') or an absolute http(s) URL. */
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
  const url = <T>(value: unknown, fallback: T): string | T => (isUsableUrl(value) ? value : fallback);
  const defaults = DEFAULT_RUNTIME_CONFIG;
  return {
    apiUrl: isUsableUrl(obj.api_url) ? withTrailingSlash(obj.api_url) : defaults.apiUrl,
    landingUrl: url(obj.landing_url, defaults.landingUrl),
    helpUrl: url(obj.help_url, defaults.helpUrl),
    legalUrl: url(obj.legal_url, defaults.legalUrl),
    termsUrl: url(obj.terms_url, defaults.termsUrl),
    tutorialUrl: url(obj.tutorial_url, defaults.tutorialUrl),
  };
}

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

export const getRuntimeConfig = (): RuntimeConfig => current;
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
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
