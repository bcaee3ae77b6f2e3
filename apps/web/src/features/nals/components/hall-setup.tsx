import { useNalsConnected } from '../../../lib/nals/nals-connected';
import { useCurrentUser } from '../../../lib/session';
import { AudioSetupStep } from './audio-setup-step';
import { OnboardingReminder } from './onboarding-reminder';

/**
 * The hall's one setup box: the audio client's first step while no client ever connected (the checklist's first
 * step, with the token at hand and the way to the guided setup), then what is left of the onboarding checklist. Never
 * both: they would list the audio client twice.
 */
export function HallSetup() {
  const user = useCurrentUser();
  const isConnected = useNalsConnected();
  if (user && !user.audioClientSeen && !isConnected) return <AudioSetupStep />;
  return <OnboardingReminder />;
}
