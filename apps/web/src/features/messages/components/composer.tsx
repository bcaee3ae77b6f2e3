import { ActionIcon, Group, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CONTENTS_MAX } from '@tutti/contract/messages';
import { MESSAGES_NS } from '../translations';

/** The counter shows once a message comes this close to the limit. */
export const COUNTER_FROM = MESSAGE_CONTENTS_MAX - 500;

interface ComposerProps {
  /** The other member's name, for the field's label. */
  name: string;
  onSend: (contents: string) => void;
  /** Every change of the text (the typing signal). */
  onInput: (text: string) => void;
}

function SendIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <path d="M4 12l16-8-6 16-2.5-6.5L4 12z" strokeLinejoin="round" />
    </svg>
  );
}

/** The thread's composer: Enter sends, Shift+Enter starts a new line; a counter near MESSAGE_CONTENTS_MAX. */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { name, onSend, onInput },
  ref,
) {
  const { t } = useTranslation(MESSAGES_NS);
  const [text, setText] = useState('');
  const hintId = useId();
  const length = text.trim().length;
  const tooLong = length > MESSAGE_CONTENTS_MAX;

  const send = () => {
    const contents = text.trim();
    if (contents === '' || tooLong) return;
    onSend(contents);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method composing a word uses Enter to pick it: that Enter is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Stack gap={4}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            ref={ref}
            flex={1}
            aria-label={t('composer.label', { name })}
            placeholder={t('composer.placeholder')}
            aria-describedby={hintId}
            autosize
            minRows={1}
            maxRows={6}
            radius="lg"
            value={text}
            error={tooLong ? t('composer.tooLong', { max: MESSAGE_CONTENTS_MAX }) : undefined}
            onChange={(event) => {
              setText(event.currentTarget.value);
              onInput(event.currentTarget.value);
            }}
            onKeyDown={onKeyDown}
          />
          <ActionIcon
            type="submit"
            size={38}
            radius="xl"
            aria-label={t('composer.send')}
            disabled={length === 0 || tooLong}
          >
            <SendIcon />
          </ActionIcon>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text id={hintId} size="xs" c="dimmed" visibleFrom="sm">
            {t('composer.hint')}
          </Text>
          {length >= COUNTER_FROM && (
            <Text size="xs" c={tooLong ? 'red.8' : 'dimmed'} aria-live="polite" ml="auto">
              {t('composer.counter', { count: length, max: MESSAGE_CONTENTS_MAX })}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
});
