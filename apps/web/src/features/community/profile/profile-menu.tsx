import { ActionIcon, Menu } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Menu.css';
import { useTranslation } from 'react-i18next';
import { openConfirmModal } from '../../../components/ui/modal-host';
import { COMMUNITY_NS } from '../translations';

function KebabIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
      <circle cx="9" cy="3.5" r="1.6" fill="currentColor" />
      <circle cx="9" cy="9" r="1.6" fill="currentColor" />
      <circle cx="9" cy="14.5" r="1.6" fill="currentColor" />
    </svg>
  );
}

interface ProfileMenuProps {
  name: string;
  /** Called once the musician confirmed the block. */
  onBlock: () => void;
  pending: boolean;
}

/** The profile's "more" menu: block, after a confirmation that says what a block does. */
export function ProfileMenu({ name, onBlock, pending }: ProfileMenuProps) {
  const { t } = useTranslation(COMMUNITY_NS);

  const askBlock = () =>
    openConfirmModal({
      title: t('actions.blockTitle', { name }),
      children: t('actions.blockBody', { name }),
      confirmLabel: t('actions.blockConfirm'),
      danger: true,
      onConfirm: onBlock,
    });

  return (
    <Menu position="bottom-end" shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('actions.menu', { name })} loading={pending}>
          <KebabIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item color="red.9" onClick={askBlock}>
          {t('actions.block', { name })}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
