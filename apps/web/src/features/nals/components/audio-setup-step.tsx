import { Button, Code, CopyButton, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useNalsConnected } from '../../../lib/nals/nals-connected';
import { useCurrentUser } from '../../../lib/session';
import { NALS_NS } from '../translations';

/**
 * The hall's first step for a musician whose audio client has never connected (on any device: the server says so):
 * what it is for, the way to the download page, and the token to copy into it, or the guided setup (the onboarding's
 * three steps). Gone as soon as a client connects.
 */
export function AudioSetupStep() {
  const { t } = useTranslation(NALS_NS);
  const user = useCurrentUser();
  const isConnected = useNalsConnected();
  if (!user || user.audioClientSeen || isConnected) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="audio-setup"
      withBorder
      radius="lg"
      p="lg"
      style={{ borderColor: 'var(--mantine-color-violet-4)', borderWidth: 2 }}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon radius="xl" size="lg" color="violet.7" aria-hidden>
            1
          </ThemeIcon>
          <Title order={2} size="h3" id="audio-setup">
            {t('setup.title')}
          </Title>
        </Group>
        <Text>{t('setup.intro')}</Text>
        <Text size="sm">{t('setup.token')}</Text>
        <Group gap="sm" wrap="nowrap" align="center">
          <Code style={{ wordBreak: 'break-all', flex: 1 }}>{user.nalsToken}</Code>
          <CopyButton value={user.nalsToken}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} style={{ flexShrink: 0 }} aria-live="polite">
                {copied ? t('setup.copied') : t('setup.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group gap="md">
          <Button component={Link} to={PATHS.download}>
            {t('setup.download')}
          </Button>
          <Button component={Link} to={PATHS.onboarding} variant="subtle">
            {t('setup.guided')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
