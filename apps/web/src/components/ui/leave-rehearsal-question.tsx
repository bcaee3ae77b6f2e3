import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';

interface LeaveRehearsalQuestionProps {
  sessionName: string;
  /** Asked before signing out: the question and the Leave button say so. */
  signOut: boolean;
  onStay(): void;
  /** Quits, then goes on (the navigation, the sign-out); the button shows it is under way meanwhile. */
  onLeave(): Promise<void>;
}

/**
 * The body of the "leave the rehearsal?" modal. Stay is the default: it has the focus when the modal opens (Mantine's
 * focus trap starts on data-autofocus), and it is the filled button; Escape, × and a click outside also stay.
 */
export function LeaveRehearsalQuestion({ sessionName, signOut, onStay, onLeave }: LeaveRehearsalQuestionProps) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  return (
    <Stack gap="lg">
      <Text>{t(signOut ? 'leaveRehearsal.questionSignOut' : 'leaveRehearsal.question', { name: sessionName })}</Text>
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
          {t(signOut ? 'leaveRehearsal.leaveAndSignOut' : 'leaveRehearsal.leave')}
        </Button>
        <Button data-autofocus onClick={onStay} disabled={leaving}>
          {t('leaveRehearsal.stay')}
        </Button>
      </Group>
    </Stack>
  );
}
