import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { def } from './endpoint.ts';

/**
 * The onboarding checklist (issue 14, point 4; docs/decisions/0039-onboarding-checklist.md): three steps, each done
 * when the server sees the musician did it, never ticked by hand, so the checklist is the same on every device.
 */

export const ONBOARDING_STEPS = ['audioClient', 'selfcheck', 'profile'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const OnboardingChecklistSchema = z
  .object({
    /** An audio client signed in to the broker with the account's token. */
    audioClient: z.boolean(),
    /** An echo self-check ran to its end (its echo room was closed after it started). */
    selfcheck: z.boolean(),
    /** The profile has a country and at least one instrument. */
    profile: z.boolean(),
    /** Every step is done. */
    complete: z.boolean(),
    /** When the musician skipped the onboarding screen (null: never); the hall still lists what is left. */
    skippedAt: z.string().nullable(),
  })
  .meta({ id: 'OnboardingChecklist' });
export type OnboardingChecklist = z.infer<typeof OnboardingChecklistSchema>;

const me = { access: 'user', authz: AUTHZ.signedIn, tag: 'me' } as const;

export const onboardingEndpoints = {
  onboardingChecklist: def({
    ...me,
    method: 'GET',
    path: 'v1/me/onboarding-checklist',
    summary: "The onboarding's steps, each derived from what the musician did",
    response: OnboardingChecklistSchema,
  }),
  skipOnboarding: def({
    ...me,
    method: 'POST',
    path: 'v1/me/onboarding-checklist/skip',
    summary: 'Leave the onboarding screen for now, on every device (the hall keeps listing what is left)',
    response: OnboardingChecklistSchema,
  }),
} as const;
