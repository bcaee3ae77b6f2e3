import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { busTopics } from '@tutti/contract/bus';
import { renderWithProviders } from '../../../test/render';
import { busHandlers } from '../sessions/bus-mock';
import { setCurrentUser } from '../../lib/session';
import { ANA as ME_REF, json, userOf } from '../sessions/test-fixtures';
import { BlockedByRuntime, setBlockedBy, useWithoutBlockers } from './blocked-by';

vi.mock('../../lib/use-bus', async () => (await import('../sessions/bus-mock')).busMock);

const ME = ME_REF.id;
const ANA = '22222222-2222-4222-8222-222222222222';
const BEN = '33333333-3333-4333-8333-333333333333';

function Names() {
  const shown = useWithoutBlockers(
    [
      { id: ANA, name: 'Ana' },
      { id: BEN, name: 'Ben' },
    ],
    (m) => m.id,
  );
  return (
    <ul>
      {shown.map((m) => (
        <li key={m.id}>{m.name}</li>
      ))}
    </ul>
  );
}

describe('the blocked-by list', () => {
  let blockers: string[];
  let fetchSpy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    blockers = [];
    fetchSpy = vi.fn((url: string) =>
      url.startsWith('/api/v1/me/blocked?')
        ? Promise.resolve(json(200, { items: [], page: 1, size: 20, total: 0, blockedBy: blockers }))
        : Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } })),
    );
    vi.stubGlobal('fetch', fetchSpy);
    setCurrentUser(userOf(ME_REF));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    busHandlers.clear();
    setBlockedBy([]);
    setCurrentUser(null);
  });

  it('is loaded at sign-in and hides who blocked me from what the page shows', async () => {
    blockers = [BEN];
    renderWithProviders(
      <>
        <BlockedByRuntime userId={ME} />
        <Names />
      </>,
    );
    await waitFor(() => expect(screen.queryByText('Ben')).not.toBeInTheDocument());
    expect(screen.getByText('Ana')).toBeInTheDocument();
    expect(String(fetchSpy.mock.calls[0]?.[0])).toContain('reverse=true');
  });

  it('is reloaded when the bus says it changed, and the hidden musician goes at once', async () => {
    renderWithProviders(
      <>
        <BlockedByRuntime userId={ME} />
        <Names />
      </>,
    );
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    await waitFor(() => expect(busHandlers.has(busTopics.blocked(ME))).toBe(true));
    blockers = [ANA];
    act(() => busHandlers.get(busTopics.blocked(ME))?.({ event: 'changed' }));
    await waitFor(() => expect(screen.queryByText('Ana')).not.toBeInTheDocument());
    expect(screen.getByText('Ben')).toBeInTheDocument();
  });
});
