import { Box, Button, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivateMessage } from '@tutti/contract/messages';
import { currentLanguage } from '../../../lib/i18n';
import { MESSAGES_NS } from '../translations';
import { groupByDay, relativeDay } from './day-groups';
import { dayHeading, messageTime } from './format';
import { MessageText } from './message-text';

/** A message of mine not yet stored: being sent, or failed (then offered again, with the same id). */
export interface PendingMessage {
  clientMessageId: string;
  contents: string;
  failed: boolean;
  /** When it was written (its place in the day groups). */
  writtenAt: string;
}

type Item =
  { kind: 'stored'; message: PrivateMessage; at: string } | { kind: 'pending'; pending: PendingMessage; at: string };

interface MessageListProps {
  /** Oldest first. */
  messages: PrivateMessage[];
  pending: PendingMessage[];
  myId: string;
  /** The last message the other member has read: "Seen" goes under my last message up to it. */
  otherReadUpTo: string | null;
  onRetry: (pending: PendingMessage) => void;
  now?: Date;
}

function Bubble({ mine, children, failed }: { mine: boolean; children: ReactNode; failed?: boolean }) {
  return (
    <Box
      className="message-bubble"
      data-mine={mine || undefined}
      px="sm"
      py={6}
      maw="min(80%, 560px)"
      style={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        borderRadius: mine ? '16px 16px 4px 16px' : '16px 16px 16px 4px',
        background: mine ? 'var(--mantine-color-violet-7)' : 'var(--mantine-color-gray-1)',
        color: mine ? 'var(--mantine-color-white)' : 'var(--mantine-color-dark-8)',
        opacity: failed ? 0.75 : undefined,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Box>
  );
}

/** The thread's messages, grouped by day in the reader's zone, mine on the right, with "Seen" and failed sends. */
export function MessageList({ messages, pending, myId, otherReadUpTo, onRetry, now = new Date() }: MessageListProps) {
  const { t } = useTranslation(MESSAGES_NS);
  const locale = currentLanguage();
  const readIndex = otherReadUpTo ? messages.findIndex((m) => m.messageId === otherReadUpTo) : -1;
  let seenId: string | null = null;
  for (let i = readIndex; i >= 0; i--) {
    if (messages[i]?.authorId === myId) {
      seenId = messages[i]?.messageId ?? null;
      break;
    }
  }
  const items: Item[] = [
    ...messages.map((message): Item => ({ kind: 'stored', message, at: message.sentAt })),
    ...pending.map((p): Item => ({ kind: 'pending', pending: p, at: p.writtenAt })),
  ];
  const groups = groupByDay(items, (item) => new Date(item.at));

  return (
    <Stack gap="md">
      {groups.map((group) => {
        const relative = relativeDay(group.date, now);
        return (
          <Stack gap={6} key={group.day}>
            <Text size="xs" fw={600} c="dimmed" ta="center" role="heading" aria-level={3} py={4}>
              {relative ? t(`thread.${relative}`) : dayHeading(group.date, locale, now)}
            </Text>
            {group.items.map((item) => {
              if (item.kind === 'pending') {
                const { pending: p } = item;
                return (
                  <Stack key={p.clientMessageId} gap={2} align="flex-end" data-testid="message" data-mine>
                    <Bubble mine failed={p.failed}>
                      <MessageText contents={p.contents} />
                    </Bubble>
                    {p.failed ? (
                      <Group gap={6} role="alert">
                        <Text size="xs" c="red.8" fw={600}>
                          {t('thread.notSent')}
                        </Text>
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => onRetry(p)}>
                          {t('thread.retry')}
                        </Button>
                      </Group>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('thread.sending')}
                      </Text>
                    )}
                  </Stack>
                );
              }
              const { message } = item;
              const mine = message.authorId === myId;
              return (
                <Stack
                  key={message.messageId}
                  gap={2}
                  align={mine ? 'flex-end' : 'flex-start'}
                  data-testid="message"
                  data-mine={mine || undefined}
                >
                  <Bubble mine={mine}>
                    <MessageText contents={message.contents} />
                  </Bubble>
                  <Text size="xs" c="dimmed">
                    <time dateTime={message.sentAt}>{messageTime(message.sentAt, locale)}</time>
                    {message.messageId === seenId && (
                      <>
                        {' · '}
                        <span data-testid="seen">{t('thread.seen')}</span>
                      </>
                    )}
                  </Text>
                </Stack>
              );
            })}
          </Stack>
        );
      })}
    </Stack>
  );
}
