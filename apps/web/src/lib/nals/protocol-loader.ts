/** The protocol's checks: zod and the contract's audio client schemas (lib/nals/protocol.ts). */
export type NalsProtocol = typeof import('./protocol');

let loaded: NalsProtocol | null = null;
let loading: Promise<NalsProtocol> | null = null;

/**
 * Loads the protocol's checks once, with the first message or command the page exchanges with its audio client: zod
 * and the schemas are a long task to evaluate on a phone, and a page whose client is not running (most first loads of
 * the hall) never needs them (issue 9: total blocking time). A failed load is tried again next time.
 */
export function loadNalsProtocol(): Promise<NalsProtocol> {
  loading ??= import('./protocol').then(
    (protocol) => (loaded = protocol),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The checks once loaded, for a message handled at once; null before. */
export const loadedNalsProtocol = (): NalsProtocol | null => loaded;
