import { Badge, Button, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Loader.css';
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
