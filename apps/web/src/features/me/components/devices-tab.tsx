import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { Device } from '@tutti/contract/accounts';
import { FormAlert } from '../../../components/ui/form-alert';
import { openConfirmModal } from '../../../components/ui/modal-host';
import { errorText } from '../../../lib/error-text';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useDeleteDevice } from '../api/delete-device';
import { useDevices } from '../api/list-devices';
import { describeUserAgent } from '../user-agent';
import { ME_NS } from '../../../lib/translations/me';

export function DevicesTab() {
  const { t } = useTranslation(ME_NS);
  const { t: tc } = useTranslation();
  const devices = useDevices();
  const remove = useDeleteDevice();
  const locale = currentLanguage();

  const deviceName = (device: Device) => {
    const { browser, os } = describeUserAgent(device.userAgent);
    if (browser && os) return t('devicesTab.browserOnOs', { browser, os });
    return browser ?? os ?? t('devicesTab.unknownBrowser');
  };

  const confirmDisconnect = (device: Device) =>
    openConfirmModal({
      title: t('devicesTab.confirmTitle'),
      children: <Text>{t('devicesTab.confirmBody', { device: deviceName(device) })}</Text>,
      confirmLabel: t('devicesTab.disconnect'),
      danger: true,
      onConfirm: () => remove.mutate(device.id),
    });

  // The current device first, then the most recently used.
  const sorted = [...(devices.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
  );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('devicesTab.heading')}
        </Title>
        <Text c="dimmed">{t('devicesTab.intro')}</Text>
      </Stack>
      {remove.isError && <FormAlert kind="error">{t('devicesTab.error')}</FormAlert>}
      {remove.isSuccess && <FormAlert kind="success">{t('devicesTab.disconnected')}</FormAlert>}
      {devices.isPending && <Loader aria-label={tc('loading')} />}
      {devices.isError && <FormAlert kind="error">{errorText(tc, devices.error)}</FormAlert>}
      {devices.isSuccess && sorted.length === 0 && <Text>{t('devicesTab.empty')}</Text>}
      {sorted.length > 0 && (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {sorted.map((device) => (
            <Paper component="li" key={device.id} withBorder radius="md" p="md">
              <Group justify="space-between" align="center" gap="md" wrap="wrap">
                <Stack gap={4}>
                  <Group gap="xs">
                    <Text fw={600}>{deviceName(device)}</Text>
                    {device.current && (
                      <Badge color="violet" variant="filled" size="sm" tt="none">
                        {t('devicesTab.thisDevice')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('devicesTab.lastUsed')}{' '}
                    <time dateTime={device.lastUsedAt} title={formatDateTime(device.lastUsedAt, locale)}>
                      {formatRelative(device.lastUsedAt, locale)}
                    </time>
                    {' · '}
                    {t('devicesTab.signedIn')} {formatDateTime(device.createdAt, locale)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {device.app}
                  </Text>
                </Stack>
                {!device.current && (
                  <Button
                    variant="light"
                    color="red"
                    size="sm"
                    loading={remove.isPending && remove.variables === device.id}
                    onClick={() => confirmDisconnect(device)}
                  >
                    {t('devicesTab.disconnect')}
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
