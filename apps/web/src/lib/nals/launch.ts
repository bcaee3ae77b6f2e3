import { NALS_LAUNCH_TIMEOUT_MS } from '@tutti/contract/nals-constants';

/** The custom-protocol link the installed audio client answers: it starts and connects to this broker. */
export function nalsLaunchUrl(nalsToken: string, broker: string): string {
  return `nals://start?token=${encodeURIComponent(nalsToken)}&broker=${encodeURIComponent(broker)}`;
}

export interface LaunchDeps {
  /** Hands the link to the operating system. */
  open: (url: string) => void;
  isConnected: () => boolean;
  /** Calls back on every change of the client's state; returns the unsubscribe. */
  subscribe: (onChange: () => void) => () => void;
  timeoutMs?: number;
}

/**
 * Resolves true as soon as the client is connected, false when `timeoutMs` pass first. Without an installed client
 * nothing answers the link and nothing can tell the page so: waiting for its hello is the only way to know.
 */
export function waitForClient(
  isConnected: () => boolean,
  subscribe: LaunchDeps['subscribe'],
  timeoutMs: number,
): Promise<boolean> {
  if (isConnected()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (connected: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(connected);
    };
    const timer = setTimeout(() => finish(isConnected()), timeoutMs);
    const unsubscribe = subscribe(() => {
      if (isConnected()) finish(true);
    });
  });
}

export type LaunchResult = 'connected' | 'not-installed';

/** Spec sections 8 and 9: launch the protocol handler and wait 2000 ms for a hello; nothing means not installed. */
export async function launchClient(url: string, deps: LaunchDeps): Promise<LaunchResult> {
  if (deps.isConnected()) return 'connected';
  deps.open(url);
  const connected = await waitForClient(deps.isConnected, deps.subscribe, deps.timeoutMs ?? NALS_LAUNCH_TIMEOUT_MS);
  return connected ? 'connected' : 'not-installed';
}

/**
 * Opens a custom-protocol link without leaving the page. A top-level navigation to a scheme the browser hands to
 * the operating system does not unload the page; an iframe would be blocked by the Content-Security-Policy
 * (frame-src 'self').
 */
export function openProtocolLink(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
