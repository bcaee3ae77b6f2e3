import { api } from '../../../lib/api';

export const appStartQueryKey = ['me', 'appstart'] as const;

/** GET v1/me/appstart: '' (nothing), 'nals-download-app-start', or a welcome hint. */
export function fetchAppStart(): Promise<string> {
  return api.call('getAppStart');
}
