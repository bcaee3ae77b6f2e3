import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import type { LeaveQuestionTexts } from '../../lib/leave-guard';

interface LeaveQuestionProps {
  /** Which question: the rehearsal I am in, the changes I have not saved. */
  texts: LeaveQuestionTexts;
  /** What the question names (the session), if anything. */
  name?: string;
  /** Asked before signing out: the question and the Leave button say so. */
  signOut: boolean;
  onStay(): void;
  /** Quits, then goes on (the navigation, the sign-out); the button shows it is under way meanwhile. */
  onLeave(): Promise<void>;
}

/**
 * The body of the navigation guard's modal ("leave the rehearsal?", "leave without saving?"). Stay is the default: it has the focus when the modal opens (Mantine's
 * focus trap starts on data-autofocus), and it is the filled button; Escape, × and a click outside also stay.
 */
export function LeaveQuestion({ texts, name, signOut, onStay, onLeave }: LeaveQuestionProps) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  return (
    <Stack gap="lg">
      <Text>{t(signOut ? `${texts}.questionSignOut` : `${texts}.question`, { name })}</Text>
      <Group justify="flex-end" gap="sm">
        <Button
          variant="outline"
          color="red.9"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void onLeave();
          }}
        >
          {t(signOut ? `${texts}.leaveAndSignOut` : `${texts}.leave`)}
        </Button>
        <Button data-autofocus onClick={onStay} disabled={leaving}>
          {t(`${texts}.stay`)}
        </Button>
      </Group>
    </Stack>
  );
}
