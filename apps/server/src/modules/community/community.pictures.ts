import { DEFAULT_AVATAR_SVG } from '@tutti/contract/default-avatar';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { readUploadedFile } from '../../platform/storage/http.ts';
import { IMAGE_PRESETS, storeImage } from '../../platform/storage/images.ts';
import { deleteQuietly, type Storage, type StoredObject } from '../../platform/storage/storage.ts';
import type { CommunityRepository } from './community.repository.ts';
import { socialAgeCutoff } from './community.visibility.ts';

export type Picture = StoredObject | { body: Buffer; contentType: string; size: number };

export interface CommunityPicturesDeps {
  repo: CommunityRepository;
  storage: Storage;
  isSocial: (id: string, cutoff: string) => Promise<boolean>;
  log: { warn(obj: object, msg: string): void };
  now: () => Date;
}

/** Profile and cover pictures (sent as avatar.jpg and cover-picture.jpg, SPEC section 5): checked by content,
 *  cropped to their preset, re-encoded without metadata, stored under a fresh key; the replaced one is deleted. */
export function createCommunityPictures(deps: CommunityPicturesDeps) {
  let defaultAvatar: Promise<Buffer> | null = null;
  const fallback = async (): Promise<Picture> => {
    defaultAvatar ??= sharp(Buffer.from(DEFAULT_AVATAR_SVG)).png().toBuffer();
    const body = await defaultAvatar;
    return { body, contentType: 'image/png', size: body.length };
  };

  return {
    async upload(accountId: string, which: 'profile' | 'cover', request: FastifyRequest): Promise<{ url: string }> {
      const bytes = await readUploadedFile(request, 'file');
      const preset = which === 'profile' ? IMAGE_PRESETS.profilePicture : IMAGE_PRESETS.profileCover;
      const folder = which === 'profile' ? 'avatars' : 'profile-covers';
      const key = await storeImage(deps.storage, bytes, preset, { folder, owner: accountId });
      let previous: string | null;
      try {
        previous = await deps.repo.setPicture(accountId, which, key);
      } catch (e) {
        await deleteQuietly(deps.storage, key, deps.log);
        throw e;
      }
      if (previous) await deleteQuietly(deps.storage, previous, deps.log);
      return { url: deps.storage.publicUrl(key) };
    },

    /** The picture an img element shows for a username: theirs, or the default avatar for anyone without one, and
     *  for unknown, unvalidated and under-13 accounts (a child's picture is not served by name). */
    async ofUsername(username: string): Promise<Picture> {
      const account = await deps.repo.findByUsername(username);
      if (!account?.profilePicture) return fallback();
      if (!(await deps.isSocial(account.id, socialAgeCutoff(deps.now())))) return fallback();
      return (await deps.storage.get(account.profilePicture)) ?? fallback();
    },
  };
}

export type CommunityPictures = ReturnType<typeof createCommunityPictures>;
