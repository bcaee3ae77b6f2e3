import { useId, type ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';

interface SectionCardProps {
  title: string;
  /** Shown when there is nothing to list: the section never pretends to have content. */
  empty?: string;
  children?: ReactNode;
  headingOrder?: 2 | 3;
}

export function SectionCard({ title, empty, children, headingOrder = 2 }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={headingOrder} size="h4" id={headingId}>
          {title}
        </Title>
        {children ?? (empty && <Text c="dimmed">{empty}</Text>)}
      </Stack>
    </Paper>
  );
}
