import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../../test/current-user';
import { renderWithProviders } from '../../../../test/render';
import { connectNals, nalsStore } from '../../../lib/nals/nals-store';
import { initialNalsState, reduceSignal } from '../../../lib/nals/nals-state';
import { openNotInstalledDialog } from './dialogs';
import { NalsRuntime } from './nals-runtime';

// The broker link has its own tests (nals-store.test.ts); here, what the runtime does with the client's state.
vi.mock('../../../lib/nals/nals-store', async (original) => ({
  ...(await original<typeof import('../../../lib/nals/nals-store')>()),
  connectNals: vi.fn(() => () => undefined),
}));
vi.mock('../../../lib/nals/server-config', () => ({
  useServerConfig: () => ({ data: { queueHost: 'wss://tutti.example:8084' } }),
}));
vi.mock('./dialogs', () => ({ openNotInstalledDialog: vi.fn() }));

const ANA = testUser();
const notFound = () =>
  act(() => {
    const { state } = reduceSignal(
      nalsStore.getState(),
      { signal: 'error', data: { code: 'NALS_NOT_FOUND' } },
      Date.now(),
      () => true,
    );
    nalsStore.setState(state, true);
  });

describe('NalsRuntime (SPEC section 8: NALS_NOT_FOUND opens the "not installed" dialog)', () => {
  afterEach(() => {
    nalsStore.setState(initialNalsState, true);
    vi.clearAllMocks();
  });

  it('links the page to the audio client through the broker the server names, as this account', () => {
    renderWithProviders(<NalsRuntime user={ANA} />);
    expect(connectNals).toHaveBeenCalledWith({
      queueHost: 'wss://tutti.example:8084',
      accountId: ANA.id,
      nalsToken: ANA.nalsToken,
    });
  });

  it('opens the dialog on each NALS_NOT_FOUND, not for one seen before it mounted', () => {
    notFound();
    renderWithProviders(<NalsRuntime user={ANA} />);
    expect(openNotInstalledDialog).not.toHaveBeenCalled();
    notFound();
    expect(openNotInstalledDialog).toHaveBeenCalledOnce();
    notFound();
    expect(openNotInstalledDialog).toHaveBeenCalledTimes(2);
  });
});
