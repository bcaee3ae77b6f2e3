import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initialNalsState } from '../../lib/nals/nals-state';
import { nalsStore, sendCommand } from '../../lib/nals/nals-store';
import { quitRehearsal } from '../../lib/rehearsal-session';
import { setCurrentUser } from '../../lib/session';
import { busHandlers } from './bus-mock';

/**
 * For a rehearsal page's tests, in a file that mocks lib/use-bus with the bus mock and the nals store's
 * `sendCommand`: before each test, a connected audio client and no command sent yet; after each, the page unmounted
 * (and its quit) while fetch is still stubbed, then the globals, the user, the rehearsal, the bus and the client reset.
 */
export function setUpRehearsalPageTests(): void {
  beforeEach(() => {
    nalsStore.setState({ ...initialNalsState, isConnected: true, version: '0.12.0' }, true);
    vi.mocked(sendCommand).mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentUser(null);
    quitRehearsal();
    busHandlers.clear();
    nalsStore.setState(initialNalsState, true);
  });
}
