import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OnboardingChecklist } from '@tutti/contract/onboarding';
import { api } from '../../../lib/api';
import { readSessionFlag, writeSessionFlag } from '../../../lib/storage';

export const onboardingQueryKey = ['me', 'onboarding-checklist'] as const;

/** Remembered for the browser session once the checklist is complete, so that the hall reserves no room for it on
 *  the next visits (sessionStorage: the localStorage keys are the spec's, section 9). */
export const ONBOARDING_DONE_KEY = 'onboardingComplete';

export const onboardingQuery = queryOptions({
  queryKey: onboardingQueryKey,
  queryFn: async (): Promise<OnboardingChecklist> => {
    const checklist = await api.call('onboardingChecklist');
    if (checklist.complete) writeSessionFlag(ONBOARDING_DONE_KEY, true);
    return checklist;
  },
});

/** GET v1/me/onboarding-checklist; `live` re-reads it every few seconds (the onboarding page, while steps happen
 *  elsewhere: the audio client, the self-check page, another device). */
export function useOnboardingChecklist({ live = false, enabled = true } = {}) {
  return useQuery({ ...onboardingQuery, enabled, ...(live && { refetchInterval: 5_000 }) });
}

export const onboardingKnownComplete = (): boolean => readSessionFlag(ONBOARDING_DONE_KEY);

export function useSkipOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('skipOnboarding'),
    onSuccess: (checklist) => client.setQueryData(onboardingQueryKey, checklist),
  });
}
