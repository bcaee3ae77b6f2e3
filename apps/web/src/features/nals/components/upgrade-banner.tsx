import { Alert, Button, Container, Group, Progress, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { useInRehearsal } from '../../../lib/rehearsal-session';
import { useServerConfig } from '../../../lib/nals/server-config';
import { upgradeAction, useNals } from '../../../lib/nals/nals-store';
import { NALS_NS } from '../translations';
import { bannerVisible } from '../../../lib/nals/upgrade';

/** Spec section 2's upgrade banner: a new reference version, its download, the restart, and the way back. */
export function UpgradeBanner() {
  const { t } = useTranslation(NALS_NS);
  const refVersion = useServerConfig().data?.nalsRefVersion ?? null;
  const inSession = useInRehearsal();
  const isConnected = useNals((s) => s.isConnected);
  const version = useNals((s) => s.version);
  const upgrade = useNals((s) => s.upgrade);

  if (!bannerVisible({ isConnected, version, refVersion, inSession, upgrade })) return null;

  const { phase, target, progress, error } = upgrade;
  const headline =
    phase === 'upgraded'
      ? t('upgrade.upgraded', { target })
      : phase === 'restoring'
        ? t('upgrade.restoring')
        : t('upgrade.available');
  const canStart = (phase === 'idle' || phase === 'failed') && !!refVersion && isConnected;
  // Only after an upgrade from this page is there a previous version to go back to: before one, the client would
  // only answer ROLLBACK_UNAVAILABLE.
  const canRestore = phase === 'upgraded' && isConnected;

  return (
    // In the page's column (MemberLayout's container: same size and padding), as the driver alert is: a card above
    // the content, its edges on the content's edges at every width.
    <Container
      component="section"
      aria-label={t('upgrade.label')}
      size="lg"
      w="100%"
      px={{ base: 'md', sm: 'xl' }}
      pt="md"
      data-testid="upgrade-banner"
    >
      <Group className="nals-banner" justify="space-between" align="center" gap="sm" px="md" py="sm">
        <Stack gap={4} style={{ flex: '1 1 320px' }}>
          <Text fw={700}>{headline}</Text>
          {(phase === 'idle' || phase === 'failed') && refVersion && version && (
            <Text size="sm">{t('upgrade.versions', { target: refVersion, current: version })}</Text>
          )}
          {phase === 'downloading' && (
            <>
              <Text size="sm">
                {t('upgrade.downloading', { target })}{' '}
                {t('upgrade.percent', { value: Math.round((progress ?? 0) * 100) })}
              </Text>
              <Progress
                value={Math.round((progress ?? 0) * 100)}
                aria-label={t('upgrade.progress')}
                size="lg"
                radius="xl"
                animated
                maw={420}
              />
            </>
          )}
          {phase === 'installing' && <Text size="sm">{t('upgrade.installing', { target })}</Text>}
          {error && (
            <Alert color="red" variant="light" role="alert" py={6} maw={520}>
              {t('upgrade.error', { code: error })}
            </Alert>
          )}
        </Stack>
        <Group gap="xs">
          {canStart && (
            <Button size="sm" onClick={() => upgradeAction({ type: 'upgrade', target: refVersion, from: version })}>
              {t('upgrade.upgrade')}
            </Button>
          )}
          {canRestore && (
            <Button size="sm" variant="default" onClick={() => upgradeAction({ type: 'rollback' })}>
              {t('upgrade.rollback')}
            </Button>
          )}
          <Button size="sm" variant="subtle" color="dark" onClick={() => upgradeAction({ type: 'dismiss' })}>
            {t('upgrade.dismiss')}
          </Button>
        </Group>
      </Group>
    </Container>
  );
}
