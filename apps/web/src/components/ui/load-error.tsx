import { Alert, Button, Group, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import { useTranslation } from 'react-i18next';

/** A part of a page that could not be loaded (a list, a profile, a subscription): what failed, and Try again. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" radius="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{text}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Group>
    </Alert>
  );
}
