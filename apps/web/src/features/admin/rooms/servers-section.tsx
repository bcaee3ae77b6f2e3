import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { Region, Server, ServerHealth } from '@tutti/contract/servers';
import { AdminTable } from '../../../components/ui/admin-table';
import { closeModal, openAppModal, openConfirmModal } from '../../../components/ui/modal-host';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useDeleteServer, useHealthcheck, useProviders, useRegions, useServers, useServerState } from '../api/rooms';
import { ADMIN_NS } from '../translations';
import { ServerForm } from './server-form';

type Notify = (kind: 'success' | 'error', text: string) => void;

/** The room servers sessions get their rooms from: status and load, start or pause, ask for their health, remove. */
export function ServersSection({ onNotice }: { onNotice: Notify }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const locale = currentLanguage();
  const servers = useServers();
  const regions = useRegions();
  const providers = useProviders();
  const state = useServerState();
  const health = useHealthcheck();
  const remove = useDeleteServer();
  const [busy, setBusy] = useState<string | null>(null);
  const [checked, setChecked] = useState<Record<string, ServerHealth>>({});
  const regionOf = (id: string): Region | undefined => regions.data?.find((r) => r.id === id);

  const run = <V,>(id: string, mutate: (onSettled: () => void) => V) => {
    setBusy(id);
    mutate(() => setBusy(null));
  };
  const toggle = (server: Server) =>
    run(server.id, (onSettled) =>
      state.mutate(
        { id: server.id, start: server.status === 'paused' },
        {
          onSuccess: (s) =>
            onNotice('success', t(s.status === 'started' ? 'rooms.started' : 'rooms.paused', { name: s.name })),
          onError: (error) => onNotice('error', errorText(tc, error)),
          onSettled,
        },
      ),
    );
  const check = (server: Server) =>
    run(server.id, (onSettled) =>
      health.mutate(server.id, {
        onSuccess: (result) => setChecked((c) => ({ ...c, [server.id]: result })),
        onError: (error) => onNotice('error', errorText(tc, error)),
        onSettled,
      }),
    );
  const onDelete = (server: Server) =>
    openConfirmModal({
      title: t('rooms.deleteServerTitle', { name: server.name }),
      children: <Text>{t('rooms.deleteServerBody')}</Text>,
      confirmLabel: t('rooms.deleteServer'),
      danger: true,
      onConfirm: () =>
        run(server.id, (onSettled) =>
          remove.mutate(server.id, {
            onSuccess: () => onNotice('success', t('rooms.serverDeleted', { name: server.name })),
            onError: (error) => onNotice('error', errorText(tc, error)),
            onSettled,
          }),
        ),
    });
  const openForm = () => {
    const id = openAppModal({
      title: t('rooms.registerTitle'),
      size: 'medium',
      children: (
        <ServerForm
          regions={regions.data ?? []}
          providers={providers.data ?? []}
          onCancel={() => closeModal(id)}
          onCreated={(server) => {
            closeModal(id);
            onNotice('success', t('rooms.registered', { name: server.name }));
          }}
        />
      ),
    });
  };

  const healthText = (server: Server) => {
    const last = checked[server.id];
    if (last) return last.ok ? t('rooms.healthOk', { rooms: last.report?.rooms ?? 0 }) : t('rooms.healthDown');
    if (server.lastHealthAt === null) return t('rooms.healthNever');
    return t(server.lastHealthOk ? 'rooms.healthOkAt' : 'rooms.healthDownAt', {
      when: formatDateTime(server.lastHealthAt, locale),
    });
  };

  const list = (
    <AdminTable
      query={servers}
      label={t('rooms.servers')}
      loadError={t('rooms.loadError')}
      empty={t('rooms.noServer')}
      minWidth={860}
      columns={[
        t('rooms.name'),
        t('rooms.region'),
        t('rooms.status'),
        t('rooms.load'),
        t('rooms.health'),
        t('rooms.actions'),
      ]}
      row={(server) => (
        <Table.Tr key={server.id}>
          <Table.Td>
            <Text size="sm" fw={600}>
              {server.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {server.url}
            </Text>
          </Table.Td>
          <Table.Td>{regionOf(server.regionId)?.name ?? '—'}</Table.Td>
          <Table.Td>
            <Badge
              color={server.status === 'started' ? 'teal.9' : 'gray.7'}
              variant="filled"
              radius="sm"
              tt="none"
              miw="max-content"
            >
              {t(`rooms.state.${server.status}`)}
            </Badge>
          </Table.Td>
          <Table.Td>{t('rooms.loadOf', { load: server.load, count: server.capacity })}</Table.Td>
          <Table.Td>
            <Text size="sm">{healthText(server)}</Text>
          </Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="light" loading={busy === server.id} onClick={() => toggle(server)}>
                {server.status === 'paused' ? t('rooms.start') : t('rooms.pause')}
              </Button>
              <Button size="xs" variant="default" disabled={busy === server.id} onClick={() => check(server)}>
                {t('rooms.check')}
              </Button>
              <Button
                size="xs"
                color="red.9"
                variant="outline"
                disabled={busy === server.id}
                onClick={() => onDelete(server)}
                aria-label={t('rooms.deleteServerOf', { name: server.name })}
              >
                {t('rooms.delete')}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('rooms.servers')}
          </Title>
          <Button onClick={openForm} disabled={!regions.data?.length || !providers.data}>
            {t('rooms.register')}
          </Button>
        </Group>
        {regions.data?.length === 0 && <Text c="dimmed">{t('rooms.regionFirst')}</Text>}
        {list}
      </Stack>
    </Paper>
  );
}
