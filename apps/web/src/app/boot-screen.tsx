import { Center, Loader, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { onStartupFailures, STARTUP_RETRY_MS, startupFailures } from './startup';

/** Shown while the startup loads run; when one fails (the server unreachable), it says that it tries again every 2 s
 *  (SPEC section 8), so that a wait is not mistaken for a page that hangs. */
export function BootScreen() {
  const { t } = useTranslation();
  const failures = useSyncExternalStore(onStartupFailures, startupFailures);
  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm" role="status">
        <Loader color="violet" aria-hidden="true" />
        <Text c="dimmed">{t('starting')}</Text>
        {failures > 0 && (
          <Text size="sm" ta="center" maw={320}>
            {t('startRetrying', { seconds: STARTUP_RETRY_MS / 1000 })}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
