import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../../test/current-user';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { sampleSession, SESSION_ID } from '../test-fixtures';
import { useSetCoverPicture } from './set-cover-picture';

describe('useSetCoverPicture (SPEC section 5: a session cover is sent as cover.jpg)', () => {
  beforeEach(() => {
    setCurrentUser(testUser());
    vi.spyOn(FormData.prototype, 'append');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(sampleSession())),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setCurrentUser(null);
  });

  it('puts the picture in the field file, named cover.jpg, on the session cover path', async () => {
    let hook: ReturnType<typeof useSetCoverPicture> | null = null;
    function Runner() {
      hook = useSetCoverPicture(SESSION_ID);
      return null;
    }
    renderWithProviders(<Runner />);
    await act(async () => {
      await hook!.mutateAsync(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
    });
    // happy-dom's FormData forgets the name given with a Blob: it is read as appended.
    expect(vi.mocked(FormData.prototype.append)).toHaveBeenCalledWith('file', expect.any(Blob), 'cover.jpg');
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(String(url)).toContain(`/v1/open-rehearsal/${SESSION_ID}/cover-picture`);
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBeInstanceOf(FormData);
  });
});
