import { Center, Loader, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';

/** Shown while the startup loads run (and retry every 2 s if the server is unreachable). */
export function BootScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm" role="status">
        <Loader color="violet" aria-hidden="true" />
        <Text c="dimmed">{t('starting')}</Text>
      </Stack>
    </Center>
  );
}
