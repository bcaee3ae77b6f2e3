import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NALS_NS } from '../../translations';

/** One numbered step of the onboarding: its title and text, whether the server saw it done, and what to do. */
export function OnboardingStep({
  number,
  title,
  done,
  status,
  children,
}: {
  number: number;
  title: string;
  done: boolean;
  /** A live state shown beside the title when not done (the audio client detected on this computer). */
  status?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(NALS_NS);
  const headingId = useId();
  return (
    <Paper
      component="li"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p="lg"
      style={done ? undefined : { borderColor: 'var(--mantine-color-violet-4)', borderWidth: 2 }}
    >
      <Stack gap="sm">
        {/* The badge goes under the title on a narrow screen rather than squeezing it. */}
        <Group gap="xs" wrap="wrap" justify="space-between" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon radius="xl" size="lg" color={done ? 'teal.8' : 'violet.7'} aria-hidden>
              {done ? '✓' : number}
            </ThemeIcon>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
          </Group>
          {/* Teal 9: white on it is 5:1 (teal 8 was 3.9:1, under 4.5:1 for the badge's small capitals). */}
          {done ? (
            <Badge color="teal.9" variant="filled">
              {t('onboarding.done')}
            </Badge>
          ) : (
            status
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function StepText({ children }: { children: ReactNode }) {
  return <Text size="sm">{children}</Text>;
}
