import { Alert, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNals } from '../../../lib/nals/nals-store';
import { SESSIONS_NS } from '../translations';

// The last message dismissed (its arrival time), for the page's life: coming back to the rehearsal does not show it again.
let dismissedUpTo = 0;

/**
 * The audio client's `private_chat_message` (SPEC section 7; docs/decisions/0033): a one-line note its operator gave
 * it at start, relayed as `{from, text}`. Shown as plain text in the rehearsal manager, the latest one, until
 * dismissed. It is not a private conversation: nothing of it reaches the server.
 */
export function AudioClientMessage() {
  const { t } = useTranslation(SESSIONS_NS);
  const latest = useNals((s) => s.chat[s.chat.length - 1]);
  const [dismissed, setDismissed] = useState(dismissedUpTo);
  if (!latest || latest.timestamp <= dismissed) return null;
  const dismiss = () => {
    dismissedUpTo = latest.timestamp;
    setDismissed(latest.timestamp);
  };
  return (
    <Alert
      color="violet"
      variant="light"
      radius="md"
      role="status"
      title={t('manager.clientMessageTitle')}
      withCloseButton
      closeButtonLabel={t('manager.clientMessageDismiss')}
      onClose={dismiss}
      data-testid="audio-client-message"
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {t('manager.clientMessage', { from: latest.from, text: latest.text })}
      </Text>
    </Alert>
  );
}
