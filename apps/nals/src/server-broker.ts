import { z } from 'zod';

/** Where `npm start` serves Tutti with no environment (its README). */
export const DEFAULT_SERVER = 'http://localhost:8080';

/** How long each request to the server may take: a server that does not answer is said at once, not waited for. */
const REQUEST_TIMEOUT_MS = 10_000;

/** The part of the web's /config.json read here: where the API is (spec section 8; `/api/` by default). */
const WebConfigSchema = z.object({ api_url: z.string().min(1) }).partial();
/** The part of GET v1/config read here: the broker's address, as the server gives it to its pages. */
const ServerConfigSchema = z.object({ queueHost: z.string().min(1) });

export class ServerBrokerError extends Error {}

/** fetch's "fetch failed" with what failed under it (ECONNREFUSED…). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause: unknown = err.cause;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : null;
  return code ? `${err.message}: ${code}` : err.message;
}

async function get(url: URL, fetchFn: typeof fetch): Promise<Response> {
  return fetchFn(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), headers: { accept: 'application/json' } });
}

/** The API's base address: config.json's api_url (resolved against the server), else `/api/`. */
async function apiBase(server: URL, fetchFn: typeof fetch): Promise<URL> {
  const fallback = new URL('/api/', server);
  const res = await get(new URL('/config.json', server), fetchFn);
  if (!res.ok) return fallback;
  const parsed = WebConfigSchema.safeParse(await res.json().catch(() => null));
  const apiUrl = parsed.success ? parsed.data.api_url : undefined;
  if (!apiUrl) return fallback;
  const base = new URL(apiUrl, server);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return base;
}

/**
 * The broker a Tutti server gives its pages (`queueHost` of GET v1/config): the emulator then talks to the same
 * broker as the musician's browser, whatever port the server was started on. Throws a ServerBrokerError that says
 * what to do when the server cannot tell.
 */
export async function brokerOfServer(server: string, fetchFn: typeof fetch = fetch): Promise<string> {
  const serverUrl = new URL(server);
  const advice = `start the server, name it with --server URL, or name the broker with --broker URL`;
  try {
    const configUrl = new URL('v1/config?current=true', await apiBase(serverUrl, fetchFn));
    const res = await get(configUrl, fetchFn);
    if (!res.ok) throw new ServerBrokerError(`${configUrl.href} answered ${res.status}`);
    const parsed = ServerConfigSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new ServerBrokerError(`${configUrl.href} names no broker (queueHost)`);
    return parsed.data.queueHost;
  } catch (err) {
    const why = err instanceof ServerBrokerError ? err.message : describe(err);
    throw new ServerBrokerError(
      `could not read the broker's address from the Tutti server at ${server} (${why}): ${advice}`,
    );
  }
}
