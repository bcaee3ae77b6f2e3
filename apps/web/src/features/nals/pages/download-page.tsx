import { useId, useState } from 'react';
import { Anchor, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NalsOs } from '@tutti/contract/nals';
import { PATHS } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';
import { useDownloadAddress } from '../api/download-address';
import { startDownload } from '../install-progress';
import { currentPlatformClues, detectPlatform, DOWNLOAD_SYSTEMS, type DevicePlatform } from '../platform';
import { NALS_NS } from '../translations';
import { InstallStatus } from '../components/install-status';
import { NalsReleases } from '../components/nals-releases';
import { TokenCard } from '../components/token-card';
import { useInstallState } from '../use-install-state';

/** /download: the build for this device first, the other systems after (spec sections 2 and 8), and how the
 *  installation of the one downloaded goes (spec section 4). */
export function DownloadPage() {
  const { t } = useTranslation(NALS_NS);
  useTitle(t('download.title'));
  const [platform] = useState<DevicePlatform>(() => detectPlatform(currentPlatformClues()));
  const others = DOWNLOAD_SYSTEMS.filter((os) => os !== platform);
  const install = useInstallState();

  return (
    <Stack gap="xl" maw={960} mx="auto" w="100%">
      <Stack gap="xs">
        <Title order={1}>{t('download.heading')}</Title>
        <Text c="dimmed" maw={680}>
          {t('download.intro')}
        </Text>
      </Stack>

      <InstallStatus install={install} />

      <Stack gap="sm">
        <Text fw={700} tt="uppercase" size="xs" c="dimmed">
          {t('download.forYou')}
        </Text>
        {platform === 'unsupported' ? <UnsupportedPanel /> : <SystemPanel os={platform} featured />}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="other-systems">
        <Title order={2} size="h3" id="other-systems">
          {t('download.otherSystems')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: others.length }} spacing="lg">
          {others.map((os) => (
            <SystemPanel key={os} os={os} />
          ))}
        </SimpleGrid>
      </Stack>

      <Text size="sm">
        {t('download.afterInstall')}{' '}
        <Anchor component={Link} to={PATHS.selfcheck} fw={600}>
          {t('download.selfcheck')}
        </Anchor>
      </Text>

      <TokenCard />

      <NalsReleases />
    </Stack>
  );
}

function SystemPanel({ os, featured = false }: { os: NalsOs; featured?: boolean }) {
  const { t } = useTranslation(NALS_NS);
  const headingId = useId();
  const account = useCurrentUser()?.id ?? null;
  const address = useDownloadAddress(os);
  const system = t(`download.systems.${os}`);

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={featured ? 'xl' : 'lg'}
      className={featured ? 'download-featured' : undefined}
    >
      <Stack gap="sm" align="flex-start">
        <Title order={featured ? 2 : 3} size={featured ? 'h2' : 'h4'} id={headingId}>
          {system}
        </Title>
        <Text size="sm">{t(`download.requirements.${os}`)}</Text>
        {address.isPending ? (
          <Skeleton h={36} w={200} radius="md" />
        ) : address.data ? (
          <Button
            component="a"
            href={address.data}
            variant={featured ? 'filled' : 'light'}
            size={featured ? 'md' : 'sm'}
            onClick={() => startDownload(account, os)}
          >
            {t('download.button', { system })}
          </Button>
        ) : (
          <Text size="sm" c="red.8" role="alert">
            {t('download.unavailable')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function UnsupportedPanel() {
  const { t } = useTranslation(NALS_NS);
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="xl" className="download-featured">
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          {t('download.unsupported.title')}
        </Title>
        <Text>{t('download.unsupported.body')}</Text>
        <Text size="sm" c="dimmed">
          {t('download.unsupported.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}
