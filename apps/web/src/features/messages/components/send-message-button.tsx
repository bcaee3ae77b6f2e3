import { ActionIcon, Button, Tooltip } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Tooltip.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast-host';
import { errorText } from '../../../lib/error-text';
import { useConversationWith, useOpenConversation } from '../api/conversations';
import { conversationPath } from '../paths';
import { MESSAGES_NS } from '../translations';

/** A profile's "Send a message": opens our one conversation and goes to it; when we already have one (looked up on
 *  the server), it says "Open our conversation" and goes straight there. */
export function SendMessageButton({ accountId }: { accountId: string }) {
  const { t } = useTranslation(MESSAGES_NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const open = useOpenConversation();
  const existing = useConversationWith(accountId).data;
  const label = existing ? t('profile.open') : t('profile.send');
  const onClick = () =>
    existing
      ? void navigate(conversationPath(existing.id))
      : open.mutate(accountId, {
          onSuccess: (conversation) => void navigate(conversationPath(conversation.id)),
          onError: (error) => showToast({ message: errorText(tc, error), color: 'red' }),
        });
  // A phone's profile header has room for three compact actions beside the avatar: the icon, named for all.
  return (
    <>
      <Button size="sm" variant="light" loading={open.isPending} onClick={onClick} visibleFrom="sm">
        {label}
      </Button>
      <Tooltip label={label} withArrow>
        <ActionIcon
          size={36}
          variant="light"
          loading={open.isPending}
          onClick={onClick}
          aria-label={label}
          hiddenFrom="sm"
        >
          <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
            <path d="M4 5h16v11H8l-4 4V5z" strokeLinejoin="round" />
          </svg>
        </ActionIcon>
      </Tooltip>
    </>
  );
}
