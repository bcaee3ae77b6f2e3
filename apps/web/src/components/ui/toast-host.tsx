import { CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore, useStore } from 'zustand';

export interface Toast {
  id: number;
  message: ReactNode;
  /** A link or button the toast offers (e.g. "Open" on an invitation). */
  action?: ReactNode;
  color?: 'violet' | 'teal' | 'red';
}

/** How long a toast stays; the aria-live region has announced it by then, and a visible list stays short. */
export const TOAST_MS = 6_000;
/** A toast that offers an action (Join, Open) stays longer: reading it and deciding takes more than a glance. */
export const ACTION_TOAST_MS = 20_000;
const MAX_TOASTS = 4;

const toastStore = createStore<{ toasts: Toast[] }>(() => ({ toasts: [] }));
let nextId = 1;

/** Shows a short, polite notice in the corner ("X joined", "X invited you to Y"). Returns its id. */
export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = nextId++;
  toastStore.setState((s) => ({ toasts: [...s.toasts, { ...toast, id }].slice(-MAX_TOASTS) }));
  return id;
}

export function dismissToast(id: number): void {
  toastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  // The time left runs only while the pointer and the keyboard are elsewhere (WCAG 2.2.1): hovering or focusing
  // the toast holds it, leaving it starts the rest of its time again.
  const [held, setHeld] = useState(false);
  const left = useRef(toast.action ? ACTION_TOAST_MS : TOAST_MS);
  useEffect(() => {
    if (held) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), left.current);
    return () => {
      window.clearTimeout(timer);
      left.current = Math.max(1_000, left.current - (Date.now() - started));
    };
  }, [toast.id, held]);
  return (
    <Paper
      shadow="md"
      radius="md"
      p="sm"
      withBorder
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
      style={{ borderLeft: `4px solid var(--mantine-color-${toast.color ?? 'violet'}-7)`, pointerEvents: 'auto' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={4}>
          <Text size="sm">{toast.message}</Text>
          {toast.action}
        </Stack>
        <CloseButton size="sm" aria-label={t('close')} onClick={() => dismissToast(toast.id)} />
      </Group>
    </Paper>
  );
}

/** The toasts' corner: one polite live region, so screen readers hear joins, leaves and invitations. */
export function ToastHost() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        zIndex: 400,
        width: 'min(360px, calc(100vw - 32px))',
        pointerEvents: 'none',
      }}
    >
      <Stack gap="xs">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </Stack>
    </div>
  );
}
