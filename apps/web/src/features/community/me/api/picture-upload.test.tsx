import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../../../test/current-user';
import { renderWithProviders } from '../../../../../test/render';
import { setCurrentUser, useCurrentUser } from '../../../../lib/session';
import { useSetPicture, type PictureKind } from './my-profile';

const ANA = testUser();
const PICTURE_URL = '/uploads/pictures/ana-512.webp';

/** What the header shows: the signed-in user's picture. */
function HeaderPicture() {
  return <p>picture: {useCurrentUser()?.profilePicture ?? 'default avatar'}</p>;
}

/** The file name each upload carries (happy-dom's FormData forgets the name given with a Blob: read it as appended). */
const appendedNames = () =>
  vi.mocked(FormData.prototype.append).mock.calls.map(([field, , name]) => `${field}: ${String(name)}`);

describe('picture uploads (SPEC section 5: sent as avatar.jpg or cover-picture.jpg)', () => {
  let sent: string[];
  beforeEach(() => {
    sent = [];
    vi.spyOn(FormData.prototype, 'append');
    setCurrentUser(ANA);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (init?.body instanceof FormData) sent.push(url);
        if (url.endsWith('/v1/me')) return Response.json({ ...ANA, profilePicture: PICTURE_URL });
        return Response.json({ url: PICTURE_URL });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setCurrentUser(null);
  });

  async function upload(kind: PictureKind) {
    let hook: ReturnType<typeof useSetPicture> | null = null;
    function Runner() {
      hook = useSetPicture(kind, 'ana');
      return <HeaderPicture />;
    }
    renderWithProviders(<Runner />);
    await act(async () => {
      await hook!.mutateAsync(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }));
    });
  }

  it('sends the profile picture as avatar.jpg in the field file, and shows it in the header at once', async () => {
    await upload('profile');
    expect(sent).toEqual([expect.stringContaining('/v1/me/profile-picture')]);
    expect(appendedNames()).toEqual(['file: avatar.jpg']);
    expect(await screen.findByText(`picture: ${PICTURE_URL}`)).toBeInTheDocument();
  });

  it('sends the cover picture as cover-picture.jpg', async () => {
    await upload('cover');
    expect(sent).toEqual([expect.stringContaining('/v1/me/cover-picture')]);
    expect(appendedNames()).toEqual(['file: cover-picture.jpg']);
    expect(screen.getByText('picture: default avatar')).toBeInTheDocument();
  });
});
