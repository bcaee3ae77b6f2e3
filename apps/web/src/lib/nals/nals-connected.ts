import { useEffect, useSyncExternalStore } from 'react';
import { afterPaint } from '../use-after-first-commit';

/** What the nals store offers this module: its state's connection flag and its changes. */
interface ConnectionSource {
  getState(): { isConnected: boolean };
  subscribe(listener: () => void): () => void;
}

let source: ConnectionSource | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Called once by the nals store as it is created. */
export function provideNalsConnection(store: ConnectionSource): void {
  source = store;
  store.subscribe(notify);
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const isConnected = () => source?.getState().isConnected ?? false;

let storeLoad: Promise<unknown> | null = null;
/** Asks for the store's code once, whichever component asks first. */
const loadStore = () => (storeLoad ??= import('./nals-store'));
/** The store's load if a component has asked for it (the web tests wait for it before their environment goes). */
export const nalsStoreLoad = (): Promise<unknown> | null => storeLoad;

/**
 * Whether the audio client is connected, for a page's first paint: it does not wait for the nals store, whose code
 * brings the contract's schemas (zod, about 25 KB gzipped; issue 9: the hall's largest paint waited for them). Until
 * the store is loaded (asked for once the first commit is painted) the answer is its initial one, not connected.
 */
export function useNalsConnected(): boolean {
  useEffect(() => {
    if (source) return undefined;
    return afterPaint(() => void loadStore());
  }, []);
  return useSyncExternalStore(subscribe, isConnected);
}
