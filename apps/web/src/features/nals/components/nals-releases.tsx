import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
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
import { FormAlert } from '../../../components/ui/form-alert';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { useEnableNalsVersion, useNalsVersions } from '../api/nals-versions';
import { NALS_NS } from '../translations';

const ADMIN = 'CORE_ADMIN';

/** The audio client's releases with their notes; an administrator picks the reference version here. */
export function NalsReleases() {
  const { t } = useTranslation(NALS_NS);
  const { t: tc } = useTranslation();
  const user = useCurrentUser();
  const versions = useNalsVersions();
  const enable = useEnableNalsVersion();
  const isAdmin = user?.privileges.includes(ADMIN) ?? false;
  const locale = currentLanguage();

  if (!versions.data) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="nals-releases">
      <Title order={2} size="h3" id="nals-releases">
        {t('download.releases.title')}
      </Title>
      {enable.isError && <FormAlert kind="error">{errorText(tc, enable.error)}</FormAlert>}
      {versions.data.length === 0 && <Text c="dimmed">{t('download.releases.empty')}</Text>}
      {versions.data.map((release) => (
        <Paper key={release.id} withBorder radius="md" p="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4} style={{ flex: '1 1 280px' }}>
              <Group gap="xs">
                <Text fw={700}>{t('download.version', { version: release.version })}</Text>
                {release.enabled && (
                  <Badge color="teal.9" tt="none">
                    {t('download.releases.reference')}
                  </Badge>
                )}
                <Text size="sm" c="dimmed">
                  {formatDate(release.createdAt, locale)}
                </Text>
              </Group>
              <Text size="sm">{release.releaseNotes[locale]}</Text>
            </Stack>
            {isAdmin && !release.enabled && (
              <Button
                size="xs"
                variant="light"
                loading={enable.isPending && enable.variables === release.id}
                onClick={() => enable.mutate(release.id)}
              >
                {t('download.releases.makeReference', { version: release.version })}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
