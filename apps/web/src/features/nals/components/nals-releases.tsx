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
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useNalsVersions } from '../../../lib/nals/versions';
import { PATHS } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { NALS_NS } from '../translations';

const ADMIN = 'CORE_ADMIN';

/** The audio client's releases with their notes; an administrator is pointed to the administration, where the
 *  reference version is chosen. */
export function NalsReleases() {
  const { t } = useTranslation(NALS_NS);
  const user = useCurrentUser();
  const versions = useNalsVersions();
  const isAdmin = user?.privileges.includes(ADMIN) ?? false;
  const locale = currentLanguage();

  if (!versions.data) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="nals-releases">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3" id="nals-releases">
          {t('download.releases.title')}
        </Title>
        {isAdmin && (
          <Button component={Link} to={PATHS.adminAudioClient} size="xs" variant="light">
            {t('download.releases.manage')}
          </Button>
        )}
      </Group>
      {versions.data.length === 0 && <Text c="dimmed">{t('download.releases.empty')}</Text>}
      {versions.data.map((release) => (
        <Paper key={release.id} withBorder radius="md" p="md">
          <Stack gap={4}>
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
        </Paper>
      ))}
    </Stack>
  );
}
