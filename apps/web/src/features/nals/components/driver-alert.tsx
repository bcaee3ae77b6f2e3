import { Alert, Button, Container, List, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { useNals } from '../../../lib/nals/nals-store';
import { NALS_NS } from '../translations';
import { openConfigDialog } from './dialogs';

/**
 * An audio driver that failed to start (AUDIO_DRIVER_NOT_STARTED): the client is connected but plays nothing. Shown
 * under the header on every page, in a rehearsal or not, with what to check, until the client says bye (the next
 * hello reports the error again if it lasts). In the page column of the signed-in pages (page-layouts.tsx), so it
 * lines up with the content below.
 */
export function DriverAlert() {
  const { t } = useTranslation(NALS_NS);
  const driverError = useNals((s) => s.isConnected && s.hasAudioDriverError);
  if (!driverError) return null;

  return (
    <Container
      component="section"
      aria-label={t('driver.label')}
      size="lg"
      w="100%"
      px={{ base: 'md', sm: 'xl' }}
      pt="md"
    >
      <Alert color="red" variant="light" radius="md" role="alert" title={t('driver.title')} data-testid="driver-alert">
        <Stack gap="xs">
          <Text size="sm">{t('driver.intro')}</Text>
          <List size="sm" spacing={2}>
            <List.Item>{t('driver.connected')}</List.Item>
            <List.Item>{t('driver.busy')}</List.Item>
            <List.Item>{t('driver.other')}</List.Item>
          </List>
          <div>
            <Button size="xs" color="red.8" onClick={() => openConfigDialog(t)}>
              {t('driver.open')}
            </Button>
          </div>
        </Stack>
      </Alert>
    </Container>
  );
}
