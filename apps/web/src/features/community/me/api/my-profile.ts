import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MusicSkillsBody, Profile, ProfileBody } from '@tutti/contract/community';
import { api } from '../../../../lib/api';
import { ApiError } from '../../../../lib/api-error';
import { loadCurrentUser } from '../../../../lib/current-user';
import { communityKeys } from '../../api/query-keys';

/** My own profile as the server shows it to me (`self: true`), with its follower and follow counts. */
export function useMyProfile(username: string) {
  return useQuery({
    queryKey: communityKeys.profile(username),
    queryFn: () => api.call('getProfileByUsername', { params: { username } }),
  });
}

/** A save that failed in part or whole: each refusal, and every field any of them names. */
export class ProfileSaveError extends Error {
  readonly errors: unknown[];
  constructor(errors: unknown[]) {
    super('The profile was not saved.');
    this.name = 'ProfileSaveError';
    this.errors = errors;
  }

  /** The server's field codes of both calls (their fields do not overlap: socialLinks.1.url, instruments.0.brand). */
  get fields(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) if (e instanceof ApiError) Object.assign(out, e.fields);
    return out;
  }
}

export interface ProfileSave {
  profile: ProfileBody;
  skills: MusicSkillsBody;
}

/**
 * One Save, two calls (PUT v2/me/profile and PUT v1/me/music-skills), sent together so that every refused field of
 * either shows at once. What the server kept lands in the cache either way; the signed-in user is reloaded, since
 * the public/private switch and the news opt-in are part of it.
 */
export function useSaveProfile(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ profile, skills }: ProfileSave): Promise<Profile> => {
      const [a, b] = await Promise.allSettled([
        api.call('updateProfile', { body: profile }),
        api.call('updateMusicSkills', { body: skills }),
      ]);
      const failures = [a, b].filter((r) => r.status === 'rejected').map((r) => r.reason as unknown);
      // The skills' answer is read after the profile's, so when both pass it holds both.
      const saved = b.status === 'fulfilled' ? b.value : a.status === 'fulfilled' ? a.value : null;
      if (saved) queryClient.setQueryData(communityKeys.profile(username), saved);
      if (failures.length > 0) throw new ProfileSaveError(failures);
      return saved!;
    },
    onSuccess: () => loadCurrentUser().catch(() => undefined),
  });
}

export type PictureKind = 'profile' | 'cover';

/** The upload's file name the issue names: the server checks the type by content, not by name. */
export const PICTURE_FILE_NAMES: Record<PictureKind, string> = {
  profile: 'avatar.jpg',
  cover: 'cover-picture.jpg',
};

/** POST v1/me/profile-picture or v1/me/cover-picture (multipart, field `file`). A new profile picture shows in the
 *  header at once: the signed-in user is reloaded. */
export function useSetPicture(kind: PictureKind, username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => {
      const form = new FormData();
      form.append('file', file, PICTURE_FILE_NAMES[kind]);
      return api.call(kind === 'profile' ? 'setProfilePicture' : 'setCoverPicture', { form });
    },
    onSuccess: async ({ url }) => {
      queryClient.setQueryData<Profile>(communityKeys.profile(username), (old) =>
        old ? { ...old, [kind === 'profile' ? 'profilePicture' : 'coverPicture']: url } : old,
      );
      if (kind === 'profile') await loadCurrentUser().catch(() => undefined);
    },
  });
}
