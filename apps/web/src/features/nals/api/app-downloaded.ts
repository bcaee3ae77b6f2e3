import { api } from '../../../lib/api';

/** POST v1/me/app-downloaded: remembers that this user took the audio client (onboarding reads it). */
export function markAppDownloaded(): Promise<void> {
  return api.call('appDownloaded');
}
