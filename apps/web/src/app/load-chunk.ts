/** SPEC section 8: a script chunk that has not loaded after 120 s is reported as a load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page's code that did not arrive in time: the route's error page says so, with a reload (route-error.tsx). */
export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`A script chunk did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/**
 * A route's code, or a load error once 120 s have gone by without it. The browser gives a module import no time
 * limit of its own: on a connection that stalls, the page would wait with its progress bar for minutes. No static
 * import here: the landing preload (landing-modules.ts) uses it before the entry runs.
 */
export function loadChunk<T>(chunk: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), CHUNK_LOAD_TIMEOUT_MS);
  });
  return Promise.race([chunk, late]).finally(() => clearTimeout(timer));
}
