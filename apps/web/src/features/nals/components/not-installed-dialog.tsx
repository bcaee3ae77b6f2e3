import { Button, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { NALS_NS } from '../translations';

/** Shown when nothing answered the launch link, or the client reported NALS_NOT_FOUND. */
export function NotInstalledBody({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation(NALS_NS);
  return (
    <Stack gap="md">
      <Text>{t('notInstalled.body')}</Text>
      <Text size="sm" c="dimmed">
        {t('notInstalled.retry')}
      </Text>
      <div>
        <Button component={Link} to={PATHS.download} onClick={onLeave}>
          {t('notInstalled.download')}
        </Button>
      </div>
    </Stack>
  );
}
