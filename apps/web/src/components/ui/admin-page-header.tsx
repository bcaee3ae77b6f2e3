import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { useTitle } from '../../lib/use-title';

/** An administration page's heading, intro and main action (accounts, subscriptions...); its document title says it
 *  is the administration's. */
export function AdminPageHeader({ title, intro, action }: { title: string; intro: string; action?: ReactNode }) {
  const { t } = useTranslation();
  useTitle(t('adminDocumentTitle', { page: title }));
  return (
    <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4} maw={640}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{intro}</Text>
      </Stack>
      {action}
    </Group>
  );
}
