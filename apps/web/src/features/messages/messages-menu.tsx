import { ActionIcon, Badge, Button, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../../lib/paths';
import { useUnreadConversations } from './api/conversations';
import { isMessagesPath } from './paths';
import { MESSAGES_NS } from './translations';

/** The count of conversations holding unread messages; nothing when there is none. */
export function MessagesBadge() {
  const { t } = useTranslation(MESSAGES_NS);
  const count = useUnreadConversations().data ?? 0;
  if (count === 0) return null;
  return (
    <>
      <Badge size="sm" circle color="red.9" ml={6} aria-hidden data-testid="messages-badge">
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>{t('menu.unread', { count })}</VisuallyHidden>
    </>
  );
}

/** The header's Messages entry (SPEC section 2, logged-in menu), with its unread badge; social age only. */
export function MessagesNavButton({ wide }: { wide: boolean }) {
  const { t } = useTranslation(MESSAGES_NS);
  const { pathname } = useLocation();
  const here = isMessagesPath(pathname);
  return (
    <Button
      component={Link}
      to={PATHS.messages}
      variant={wide ? (here ? 'light' : 'subtle') : 'light'}
      fullWidth={!wide}
      aria-current={pathname === PATHS.messages ? 'page' : here ? 'true' : undefined}
    >
      {t('menu.messages')}
      <MessagesBadge />
    </Button>
  );
}

function ChatIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <path d="M4 5h16v11H8l-4 4V5z" strokeLinejoin="round" />
    </svg>
  );
}

/** Small screens: the entry stays in sight beside the menu button, with its badge (the menu itself is folded). */
export function MessagesIconLink() {
  const { t } = useTranslation(MESSAGES_NS);
  const { pathname } = useLocation();
  const count = useUnreadConversations().data ?? 0;
  return (
    <ActionIcon
      component={Link}
      to={PATHS.messages}
      variant={isMessagesPath(pathname) ? 'light' : 'subtle'}
      size="lg"
      pos="relative"
      style={{ overflow: 'visible' }}
      aria-label={count > 0 ? `${t('menu.messages')}, ${t('menu.unread', { count })}` : t('menu.messages')}
    >
      <ChatIcon />
      {count > 0 && (
        <Badge
          size="xs"
          circle
          color="red.9"
          pos="absolute"
          top={-4}
          right={-4}
          aria-hidden
          data-testid="messages-icon-badge"
        >
          {count > 99 ? '99+' : count}
        </Badge>
      )}
    </ActionIcon>
  );
}
