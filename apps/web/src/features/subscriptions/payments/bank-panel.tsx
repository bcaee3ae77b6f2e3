import { useId, type ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTIONS_NS } from '../translations';

interface BankPanelProps {
  title: string;
  children?: ReactNode;
  busy: boolean;
  onAnswer: (result: 'pass' | 'fail') => void;
}

/**
 * The sandbox's stand-in for the bank's 3-D Secure page (Stripe opens the real one itself): what to confirm, and
 * Confirm or Refuse. A labelled group inside the open dialog, so that only one dialog is ever open.
 */
export function BankPanel({ title, children, busy, onAnswer }: BankPanelProps) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={titleId} data-testid="bank-panel">
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
        <Text size="sm" c="dimmed">
          {t('bank.sandboxNote')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={busy} onClick={() => onAnswer('fail')}>
            {t('bank.refuse')}
          </Button>
          <Button loading={busy} onClick={() => onAnswer('pass')}>
            {t('bank.confirm')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
