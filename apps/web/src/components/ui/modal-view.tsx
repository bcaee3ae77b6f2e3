import { Button, Group, Modal, Stack } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import type { ModalEntry } from './modal-host';

const OVERLAY = { backgroundOpacity: 0.45, blur: 2 };
/** A bright modal stands out more from the page behind it. */
const BRIGHT_OVERLAY = { backgroundOpacity: 0.75, blur: 3 };

/**
 * Mantine's Modal with the host's rules: closes on ×, Escape and an overlay click; the × has a name for axe. A bright
 * one carries `data-bright` on its content, which app.css turns into a white, black-text surface in either scheme.
 */
export function ModalView({ entry, onClose }: { entry: ModalEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const { confirm, bright } = entry;
  return (
    <Modal
      opened={entry.opened}
      onClose={onClose}
      title={entry.title}
      size={entry.width}
      centered
      radius="md"
      closeOnEscape
      closeOnClickOutside
      closeButtonProps={{ 'aria-label': t('close') }}
      overlayProps={bright ? BRIGHT_OVERLAY : OVERLAY}
      attributes={bright ? { content: { 'data-bright': 'true' } } : undefined}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {confirm ? (
        <Stack gap="lg">
          <div>{entry.children}</div>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              color={confirm.danger ? 'red.8' : undefined}
              onClick={() => {
                onClose();
                confirm.onConfirm();
              }}
            >
              {confirm.confirmLabel}
            </Button>
          </Group>
        </Stack>
      ) : (
        entry.children
      )}
    </Modal>
  );
}
