import { Badge, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Menu.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '@tutti/contract/accounts';
import { PATHS } from '../../../lib/paths';
import { nalsStatus } from '../../../lib/nals/nals-state';
import { sendCommand, useNals } from '../../../lib/nals/nals-store';
import { useClientLauncher } from '../../../lib/nals/use-client-launcher';
import { NALS_NS } from '../translations';
import { openConfigDialog, openLogsDialog, openNotInstalledDialog } from './dialogs';
import { StatusIcon } from './status-icon';
import { ChevronDown } from '../../../components/ui/chevron-down';

/** The header's audio configuration dropdown (spec section 2): status, start, stop, configure, logs, download. */
export function AudioMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(NALS_NS);
  const status = useNals(nalsStatus);
  const isConnected = useNals((s) => s.isConnected);
  const count = useNals((s) => s.messages.length);
  const name = useNals((s) => s.name);
  const version = useNals((s) => s.version);
  const hostname = useNals((s) => s.hostname);
  const { launching, launch } = useClientLauncher();

  const start = () => {
    if (isConnected) {
      sendCommand({ action: 'nals_start' });
      return;
    }
    launch(user.nalsToken, (result) => {
      if (result === 'not-installed') openNotInstalledDialog(t);
    });
  };

  return (
    <Menu position="bottom-end" width={250} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Group gap={2} wrap="nowrap" className="audio-menu-pill" data-status={status}>
        <StatusIcon status={status} />
        <Menu.Target>
          <UnstyledButton aria-label={t('menu.button')} px={6} py={4} style={{ borderRadius: 999 }}>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} size="sm" visibleFrom="xs">
                {t('menu.short')}
              </Text>
              <ChevronDown />
            </Group>
          </UnstyledButton>
        </Menu.Target>
      </Group>
      <Menu.Dropdown>
        <Menu.Label>{isConnected ? t('menu.client', { name, version, hostname }) : t('menu.noClient')}</Menu.Label>
        <Menu.Item onClick={start} disabled={launching} closeMenuOnClick>
          {launching ? t('menu.starting') : t('menu.start')}
        </Menu.Item>
        <Menu.Item onClick={() => sendCommand({ action: 'stop' })} disabled={!isConnected}>
          {t('menu.stop')}
        </Menu.Item>
        {isConnected && <Menu.Item onClick={() => openConfigDialog(t)}>{t('menu.configure')}</Menu.Item>}
        <Menu.Item
          onClick={() => openLogsDialog(t)}
          rightSection={
            count > 0 && (
              <>
                <Badge size="sm" color="red.9" circle={count < 10} aria-hidden="true">
                  {count}
                </Badge>
                <VisuallyHidden>{t('menu.logsCount', { count })}</VisuallyHidden>
              </>
            )
          }
        >
          {t('menu.logs')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to={PATHS.selfcheck}>
          {t('menu.selfcheck')}
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.download}>
          {t('menu.download')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
