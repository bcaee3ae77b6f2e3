import { Alert, Button, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import type { OnboardingChecklist } from '@tutti/contract/onboarding';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ONBOARDING_ORDER_TEST, ONBOARDING_ORDER_VARIANTS } from 'virtual:tutti-contract';
import { useExperiment, useExposure } from '../../../lib/experiments';
import { EDIT_PROFILE_PATH, PATHS } from '../../../lib/paths';
import { useTitle } from '../../../lib/use-title';
import { useOnboardingChecklist, useSkipOnboarding } from '../api/onboarding';
import { AudioClientStep } from '../components/onboarding/audio-client-step';
import { OnboardingStep, StepText } from '../components/onboarding/onboarding-step';
import { NALS_NS } from '../translations';

/**
 * /studio/onboarding (SPEC section 2): a new musician installs and starts the audio client, runs the echo self-check
 * and completes their profile. Each step is ticked by the server from what it saw (docs/decisions/0037), read again
 * every few seconds; the order of steps two and three is the A/B test onboarding-step-order's.
 */
export function OnboardingPage() {
  const { t } = useTranslation(NALS_NS);
  useTitle(t('onboarding.title'));
  const checklist = useOnboardingChecklist({ live: true });
  const order = useExperiment(ONBOARDING_ORDER_TEST, ONBOARDING_ORDER_VARIANTS, 'selfcheck-first');
  useExposure(order.ready && checklist.data !== undefined, order.exposed);
  const skip = useSkipOnboarding();
  const navigate = useNavigate();

  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Stack gap="xs">
        <Title order={1}>{t('onboarding.heading')}</Title>
        <Text size="lg">{t('onboarding.intro')}</Text>
      </Stack>
      {checklist.isError ? (
        <Alert color="red" role="alert">
          {t('onboarding.loadError')}
        </Alert>
      ) : !checklist.data || !order.ready ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={180} radius="lg" />
          <Skeleton h={120} radius="lg" />
          <Skeleton h={120} radius="lg" />
        </Stack>
      ) : (
        <Steps checklist={checklist.data} profileFirst={order.variant === 'profile-first'} />
      )}
      <Group gap="sm">
        {checklist.data?.complete ? (
          <Button component={Link} to={PATHS.hall} size="md">
            {t('onboarding.toHall')}
          </Button>
        ) : (
          <Button
            variant="default"
            loading={skip.isPending}
            onClick={() => skip.mutate(undefined, { onSuccess: () => void navigate(PATHS.hall) })}
          >
            {t('onboarding.skip')}
          </Button>
        )}
      </Group>
      {skip.isError && (
        <Text c="red.8" role="alert">
          {t('onboarding.skipError')}
        </Text>
      )}
    </Stack>
  );
}

function Steps({ checklist, profileFirst }: { checklist: OnboardingChecklist; profileFirst: boolean }) {
  const { t } = useTranslation(NALS_NS);
  const doneCount = [checklist.audioClient, checklist.selfcheck, checklist.profile].filter(Boolean).length;
  const selfcheck = (number: number) => (
    <OnboardingStep key="selfcheck" number={number} title={t('onboarding.selfcheck.title')} done={checklist.selfcheck}>
      <StepText>{checklist.selfcheck ? t('onboarding.selfcheck.passed') : t('onboarding.selfcheck.intro')}</StepText>
      {!checklist.selfcheck && (
        <div>
          <Button component={Link} to={PATHS.selfcheck} variant={checklist.audioClient ? 'filled' : 'light'}>
            {t('onboarding.selfcheck.action')}
          </Button>
        </div>
      )}
    </OnboardingStep>
  );
  const profile = (number: number) => (
    <OnboardingStep key="profile" number={number} title={t('onboarding.profile.title')} done={checklist.profile}>
      <StepText>{checklist.profile ? t('onboarding.profile.complete') : t('onboarding.profile.intro')}</StepText>
      {!checklist.profile && (
        <div>
          {/* Straight to the editor: the step is done by filling the profile in, not by reading it (issue 29). */}
          <Button component={Link} to={EDIT_PROFILE_PATH} variant="light">
            {t('onboarding.profile.action')}
          </Button>
        </div>
      )}
    </OnboardingStep>
  );
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text fw={600} id="onboarding-progress">
          {checklist.complete ? t('onboarding.allDone') : t('onboarding.progress', { done: doneCount, total: 3 })}
        </Text>
        {/* The name goes on the section, the element with role progressbar; the root has no role (issue 29). */}
        <Progress.Root size="md">
          <Progress.Section
            value={Math.round((doneCount / 3) * 100)}
            color="teal.8"
            aria-labelledby="onboarding-progress"
          />
        </Progress.Root>
      </Stack>
      <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        <AudioClientStep number={1} done={checklist.audioClient} />
        {profileFirst ? [profile(2), selfcheck(3)] : [selfcheck(2), profile(3)]}
      </Stack>
    </Stack>
  );
}
