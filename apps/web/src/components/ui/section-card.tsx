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

/** `{list.length > 0 && <List />}` gives false for an empty list: that is no content either, so `empty` shows. */
const hasContent = (children: ReactNode): boolean =>
  children !== undefined && children !== null && children !== false && children !== '';

export function SectionCard({ title, empty, children, headingOrder = 2 }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={headingOrder} size="h4" id={headingId}>
          {title}
        </Title>
        {hasContent(children) ? children : empty && <Text c="dimmed">{empty}</Text>}
      </Stack>
    </Paper>
  );
}
