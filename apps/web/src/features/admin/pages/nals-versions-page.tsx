import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import { compareVersions } from '@tutti/contract/nals-constants';
import type { NalsVersion } from '@tutti/contract/nals';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';
import { AdminTable } from '../../../components/ui/admin-table';
import { openConfirmModal } from '../../../components/ui/modal-host';
import { PageNotice, useNotice } from '../../../components/ui/page-notice';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useEnableNalsVersion, useNalsVersions } from '../../../lib/nals/versions';
import { ADMIN_NS } from '../translations';

const SYSTEMS = ['linux', 'windows', 'mac'] as const;

/**
 * /admin/audio-client (issue 14): the audio client's releases, and the choice of the reference version
 * (`POST v1/nals/versions/{id}/enable`), which the download page offers and every older client's upgrade banner
 * follows (SPEC section 4, the app-start and upgrade checks).
 */
export function NalsVersionsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const locale = currentLanguage();
  const versions = useNalsVersions();
  const enable = useEnableNalsVersion();
  const notice = useNotice();
  const reference = versions.data?.find((v) => v.enabled);

  const statusOf = (release: NalsVersion) => {
    if (release.enabled) return { label: t('audioClient.reference'), color: 'teal.9' };
    if (reference && compareVersions(release.version, reference.version) > 0) {
      return { label: t('audioClient.newer'), color: 'blue.9' };
    }
    return { label: t('audioClient.older'), color: 'gray.7' };
  };

  const onEnable = (release: NalsVersion) => {
    const current = reference?.version;
    const older = current !== undefined && compareVersions(release.version, current) < 0;
    openConfirmModal({
      title: t('audioClient.confirmTitle', { version: release.version }),
      children: (
        <Stack gap="xs">
          <Text>{t('audioClient.confirmBody', { version: release.version })}</Text>
          {older && <Text fw={600}>{t('audioClient.confirmBodyOlder', { version: release.version, current })}</Text>}
        </Stack>
      ),
      confirmLabel: t('audioClient.makeReference'),
      onConfirm: () =>
        enable.mutate(release.id, {
          onSuccess: (done) => notice.success(t('audioClient.done', { version: done.version })),
          onError: (error) => notice.error(errorText(tc, error)),
        }),
    });
  };

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('audioClient.title')} intro={t('audioClient.intro')} />
      <PageNotice notice={notice.notice} onClose={notice.clear} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <AdminTable
          query={versions}
          label={t('audioClient.versions')}
          loadError={t('audioClient.loadError')}
          empty={t('audioClient.empty')}
          minWidth={820}
          columns={[
            t('audioClient.version'),
            t('audioClient.released'),
            t('audioClient.notes'),
            t('audioClient.downloads'),
            t('audioClient.status'),
            t('audioClient.actions'),
          ]}
          row={(release) => {
            const status = statusOf(release);
            return (
              <Table.Tr key={release.id}>
                <Table.Td>
                  <Text size="sm" fw={700}>
                    {release.version}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(release.createdAt, locale)}</Table.Td>
                <Table.Td maw={320}>
                  <Text size="sm">{release.releaseNotes[locale]}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {SYSTEMS.map((os) => (
                      <Anchor key={os} href={release.downloads[os]} size="sm" rel="noopener">
                        {t(`audioClient.os.${os}`)}
                      </Anchor>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="filled" radius="sm" tt="none" miw="max-content">
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {!release.enabled && (
                    <Button
                      size="xs"
                      variant="light"
                      loading={enable.isPending && enable.variables === release.id}
                      disabled={enable.isPending}
                      onClick={() => onEnable(release)}
                      aria-label={t('audioClient.makeReferenceOf', { version: release.version })}
                    >
                      {t('audioClient.makeReference')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          }}
        />
      </Paper>
    </Stack>
  );
}
