import { Alert } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

/**
 * What the last action on a list did, above it until dismissed or replaced: a refusal (a product in use) needs
 * reading, so it does not fade like a toast. Errors are announced at once (alert), successes politely (status).
 */
export function PageNotice({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <Alert
      color={notice.kind === 'error' ? 'red' : 'teal'}
      variant="light"
      radius="md"
      role={notice.kind === 'error' ? 'alert' : 'status'}
      withCloseButton
      closeButtonLabel={t('close')}
      onClose={onClose}
    >
      {notice.text}
    </Alert>
  );
}

/** The notice of a page and its setter. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  return {
    notice,
    success: (text: string) => setNotice({ kind: 'success', text }),
    error: (text: string) => setNotice({ kind: 'error', text }),
    clear: () => setNotice(null),
  };
}
