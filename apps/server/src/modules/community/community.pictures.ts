import { DEFAULT_AVATAR_SVG } from '@tutti/contract/default-avatar';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { readUploadedFile, toCoverJpeg, type UploadStorage } from '../../platform/uploads.ts';
import type { CommunityRepository } from './community.repository.ts';
import { socialAgeCutoff } from './community.visibility.ts';

export interface Image {
  bytes: Buffer;
  contentType: string;
}

export interface CommunityPicturesDeps {
  repo: CommunityRepository;
  storage: UploadStorage;
  readStored: (key: string) => Promise<Image | null>;
  isSocial: (id: string, cutoff: string) => Promise<boolean>;
  now: () => Date;
}

/** Profile and cover pictures: checked by content, re-encoded without metadata, stored, the old one removed. */
export function createCommunityPictures(deps: CommunityPicturesDeps) {
  let defaultAvatar: Promise<Buffer> | null = null;
  const fallback = async (): Promise<Image> => {
    defaultAvatar ??= sharp(Buffer.from(DEFAULT_AVATAR_SVG)).png().toBuffer();
    return { bytes: await defaultAvatar, contentType: 'image/png' };
  };

  return {
    async upload(accountId: string, which: 'profile' | 'cover', request: FastifyRequest): Promise<{ url: string }> {
      const jpeg = await toCoverJpeg(await readUploadedFile(request, 'file'));
      const key = await deps.storage.save(
        which === 'profile' ? 'avatars' : 'covers',
        accountId.slice(0, 8),
        jpeg,
        'jpg',
      );
      const previous = await deps.repo.setPicture(accountId, which, key);
      if (previous) await deps.storage.remove(previous).catch(() => undefined);
      return { url: deps.storage.urlOf(key) };
    },

    /** The picture an img element shows for a username: theirs, or the default avatar for anyone without one, and
     *  for unknown, unvalidated and under-13 accounts (a child's picture is not served by name). */
    async ofUsername(username: string): Promise<Image> {
      const account = await deps.repo.findByUsername(username);
      if (!account?.profilePicture) return fallback();
      if (!(await deps.isSocial(account.id, socialAgeCutoff(deps.now())))) return fallback();
      return (await deps.readStored(account.profilePicture)) ?? fallback();
    },
  };
}

export type CommunityPictures = ReturnType<typeof createCommunityPictures>;
