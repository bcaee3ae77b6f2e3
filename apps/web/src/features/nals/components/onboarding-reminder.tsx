import { Anchor, Group, List, Paper, Skeleton, Title } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Title.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { onboardingKnownComplete, useOnboardingChecklist } from '../api/onboarding';
import { NALS_NS } from '../translations';

/** The box's height while the checklist loads: the hall keeps its place so that nothing under it moves. */
const RESERVED_HEIGHT = 132;

/**
 * The hall's reminder of what is left of the onboarding checklist, until it is complete (skipped or not). Once this
 * browser session saw it complete, it reserves nothing and asks nothing.
 */
export function OnboardingReminder() {
  const [knownComplete] = useState(onboardingKnownComplete);
  const { data, isPending } = useOnboardingChecklist({ enabled: !knownComplete });
  const { t } = useTranslation(NALS_NS);
  if (knownComplete) return null;
  if (isPending) return <Skeleton h={RESERVED_HEIGHT} radius="lg" aria-hidden />;
  if (!data || data.complete) return null;
  const left = [
    !data.audioClient && t('onboarding.audio.title'),
    !data.selfcheck && t('onboarding.selfcheck.title'),
    !data.profile && t('onboarding.profile.title'),
  ].filter((step): step is string => Boolean(step));
  return (
    <Paper component="section" aria-labelledby="onboarding-reminder" withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} size="h4" id="onboarding-reminder">
            {t('onboarding.reminder.title', { count: left.length })}
          </Title>
          <List size="sm" mt="xs">
            {left.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </div>
        <Anchor component={Link} to={PATHS.onboarding} fw={600}>
          {t('onboarding.reminder.action')}
        </Anchor>
      </Group>
    </Paper>
  );
}
