import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionKeys } from './query-keys';

/** The upload's file name the spec names (section 5); the server checks the type by content, not by name. */
export const COVER_FILE_NAME = 'cover.jpg';

/** PUT v1/open-rehearsal/{id}/cover-picture: multipart, field `file` (organizer only). */
export function useSetCoverPicture(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => {
      const form = new FormData();
      form.append('file', file, COVER_FILE_NAME);
      return api.call('setOpenRehearsalCover', { params: { id }, form });
    },
    onSuccess: (session) => queryClient.setQueryData(sessionKeys.details(id), session),
  });
}
