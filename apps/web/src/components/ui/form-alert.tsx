import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';

/** A message after a form action: errors are announced at once (role alert), successes politely (role status). */
export function FormAlert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  const color = kind === 'error' ? 'red' : kind === 'success' ? 'teal' : 'violet';
  return (
    <Alert color={color} variant="light" role={kind === 'error' ? 'alert' : 'status'} radius="md">
      {children}
    </Alert>
  );
}
