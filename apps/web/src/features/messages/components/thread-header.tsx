import { ActionIcon, Anchor, Group, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConversationMember } from '@tutti/contract/messages';
import { MusicianAvatar } from '../../../components/ui/musician-avatar';
import { PATHS, profilePath } from '../../../lib/paths';
import { MESSAGES_NS } from '../translations';
import { named } from '../../../lib/elision';

/** The name a member goes by here: "Deleted musician" once their account is gone. */
export function useMemberName(): (member: ConversationMember) => string {
  const { t } = useTranslation(MESSAGES_NS);
  return (member) =>
    member.deleted ? t('member.deleted') : (member.displayedUsername ?? member.username ?? t('member.deleted'));
}

function BackIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <path d="M15 5l-7 7 7 7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Who the thread is with (their profile a click away), and on a small screen the way back to the list. */
export function ThreadHeader({ other, headingId }: { other: ConversationMember; headingId: string }) {
  const { t } = useTranslation(MESSAGES_NS);
  const name = useMemberName()(other);
  return (
    <Group gap="sm" wrap="nowrap" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <ActionIcon
        component={Link}
        to={PATHS.messages}
        variant="subtle"
        color="dark"
        size="lg"
        aria-label={t('thread.back')}
        hiddenFrom="md"
      >
        <BackIcon />
      </ActionIcon>
      <MusicianAvatar picture={other.deleted ? null : other.profilePicture} size={40} />
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <Title order={2} size="h4" id={headingId} tabIndex={-1} lineClamp={1} style={{ outline: 'none' }}>
          {other.username && !other.deleted ? (
            <Anchor
              component={Link}
              to={profilePath(other.username)}
              c="inherit"
              title={t('thread.toProfile', named(name))}
            >
              {name}
            </Anchor>
          ) : (
            <Text span inherit c="dimmed" fs="italic">
              {name}
            </Text>
          )}
        </Title>
      </Group>
    </Group>
  );
}
