import { useCallback, useEffect, useReducer, useRef } from 'react';
import { closeSelfcheck, startSelfcheck } from './api/selfcheck';
import { supports } from '../../lib/nals/commands';
import { waitForClient } from '../../lib/nals/launch';
import type { SignalMessage } from '../../lib/nals/nals-state';
import { nalsStore, onSignal, sendCommand } from '../../lib/nals/nals-store';
import { initialSelfcheck, runSelfcheck, selfcheckReducer, type SelfcheckDeps } from './selfcheck';

/** How long the self-check waits for the audio client to be there. */
export const NALS_WAIT_MS = 5_000;

function nextSignal(match: (message: SignalMessage) => boolean, timeoutMs: number): Promise<SignalMessage | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve(null);
    }, timeoutMs);
    const off = onSignal((message) => {
      if (!match(message)) return;
      clearTimeout(timer);
      off();
      resolve(message);
    });
  });
}

const deps: SelfcheckDeps = {
  detectClient: async () => {
    const store = nalsStore;
    const found = await waitForClient(() => store.getState().isConnected, store.subscribe, NALS_WAIT_MS);
    return found ? store.getState().version : null;
  },
  canPing: (version) => supports(version, 'ping'),
  startRoom: startSelfcheck,
  closeRoom: closeSelfcheck,
  send: sendCommand,
  nextSignal,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The self-check's state and its start; leaving the page stops the measurement (the room is still closed). */
export function useSelfcheck() {
  const [state, dispatch] = useReducer(selfcheckReducer, initialSelfcheck);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(() => {
    if (running.current && !running.current.signal.aborted) return;
    const controller = new AbortController();
    running.current = controller;
    void runSelfcheck(deps, dispatch, undefined, controller.signal).finally(() => {
      if (running.current === controller) running.current = null;
    });
  }, []);

  return { state, start };
}
