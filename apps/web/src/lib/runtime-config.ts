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

/**
 * A same-origin path ('/legal.html') or an absolute http(s) URL. Not '//host' nor '/\host' (browsers read both as
 * another host), and no tab or line break, which browsers drop from an address ('/\t/host' is '//host').
 */
function isUsableUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '' || /[\t\n\r]/u.test(value)) return false;
  if (value.startsWith('/')) return !/^\/[/\\]/u.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const withTrailingSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** The keys of config.json, each with the field it sets. */
const URL_KEYS = {
  api_url: 'apiUrl',
  landing_url: 'landingUrl',
  help_url: 'helpUrl',
  legal_url: 'legalUrl',
  terms_url: 'termsUrl',
  tutorial_url: 'tutorialUrl',
} as const satisfies Record<string, keyof RuntimeConfig>;

/** What was wrong in a config.json, for the console: nothing of it reaches the page. */
export interface RuntimeConfigReading {
  config: RuntimeConfig;
  problems: string[];
}

/** A key left out, null or empty: the default, with nothing to report. */
const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Reads a parsed config.json: each usable address replaces its default; anything else (not an object, a value of
 * the wrong type, `javascript:`, a protocol-relative or relative address) keeps the default and is named in
 * `problems`.
 */
export function readRuntimeConfig(raw: unknown): RuntimeConfigReading {
  const config: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { config, problems: [`config.json is not an object (${Array.isArray(raw) ? 'array' : typeof raw})`] };
  }
  const obj = raw as Record<string, unknown>;
  const problems: string[] = [];
  for (const [key, field] of Object.entries(URL_KEYS)) {
    const value = obj[key];
    if (isAbsent(value)) continue;
    if (!isUsableUrl(value)) {
      problems.push(`${key} is not a usable address (${JSON.stringify(value)}): ${String(config[field])} is used`);
      continue;
    }
    config[field] = field === 'apiUrl' ? withTrailingSlash(value) : value;
  }
  return { config, problems };
}

export const parseRuntimeConfig = (raw: unknown): RuntimeConfig => readRuntimeConfig(raw).config;

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

export const getRuntimeConfig = (): RuntimeConfig => current;
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/** Tells the console only (spec section 8: the app starts with its defaults, the musician sees nothing of it). */
function warn(problems: string[]): void {
  if (problems.length > 0) console.warn(`[config] ${problems.join('; ')}`);
}

/**
 * Loads /config.json. A missing file, bad JSON or invalid values mean defaults (said in the console); only a network
 * failure or a server error throws, so the startup can retry it.
 */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  const res = await fetchFn('/config.json', { cache: 'no-cache' });
  if (res.status >= 500) throw new Error(`config.json answered ${res.status}`);
  let reading: RuntimeConfigReading = { config: DEFAULT_RUNTIME_CONFIG, problems: [] };
  if (!res.ok) {
    reading.problems.push(`config.json answered ${res.status}: the defaults are used`);
  } else {
    try {
      reading = readRuntimeConfig(await res.json());
    } catch {
      reading.problems.push('config.json is not JSON: the defaults are used');
    }
  }
  warn(reading.problems);
  setRuntimeConfig(reading.config);
  return reading.config;
}
