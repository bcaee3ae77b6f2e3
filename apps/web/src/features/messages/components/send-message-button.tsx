import { Button } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast-host';
import { errorText } from '../../../lib/error-text';
import { useOpenConversation } from '../api/conversations';
import { conversationPath } from '../paths';
import { MESSAGES_NS } from '../translations';

/** A profile's "Send a message": opens (or finds) our one conversation and goes to it. */
export function SendMessageButton({ accountId }: { accountId: string }) {
  const { t } = useTranslation(MESSAGES_NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const open = useOpenConversation();
  return (
    <Button
      size="sm"
      variant="light"
      loading={open.isPending}
      onClick={() =>
        open.mutate(accountId, {
          onSuccess: (conversation) => void navigate(conversationPath(conversation.id)),
          onError: (error) => showToast({ message: errorText(tc, error), color: 'red' }),
        })
      }
    >
      {t('profile.send')}
    </Button>
  );
}
