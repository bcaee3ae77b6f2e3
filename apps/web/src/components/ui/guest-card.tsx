import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { Logo } from './logo';

interface GuestCardProps {
  heading: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}

/** The centered card of the guest pages (login, sign-up, recovery…). */
export function GuestCard({ heading, intro, children }: GuestCardProps) {
  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440} mx="auto">
      <Stack gap="lg">
        <Stack gap={6} align="center" ta="center">
          <Logo height={36} />
          <Title order={1} size="h2" mt="xs">
            {heading}
          </Title>
          {intro && <Text c="dimmed">{intro}</Text>}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
