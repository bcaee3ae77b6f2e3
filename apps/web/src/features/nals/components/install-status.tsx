import {
  Alert,
  Anchor,
  Button,
  darken,
  Group,
  List,
  Loader,
  Stack,
  Text,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Stack.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClock } from '../../../lib/nals/recording-time';
import { PATHS } from '../../../lib/paths';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useCurrentUser } from '../../../lib/session';
import { useDownloadAddress } from '../api/download-address';
import { startDownload } from '../install-progress';
import { INSTALL_TIMEOUT_MS, type InstallState } from '../install-state';
import type { DownloadOs } from '../platform';
import { NALS_NS } from '../translations';
import type { InstallView } from '../use-install-state';
import { openConfigDialog } from './dialogs';

const COLORS = { inProgress: 'violet', succeeded: 'teal', partial: 'orange', failed: 'red' } as const;
/** Mantine's light alert (title in shade 9 on shade 1) is below 4.5:1 for teal and orange: a paler ground, a darker
 *  title, the same for every state so that they read alike. */
const alertStyles = (color: (typeof COLORS)[keyof typeof COLORS], title: string) => ({
  root: {
    backgroundColor: `var(--mantine-color-${color}-0)`,
    border: `1px solid var(--mantine-color-${color}-2)`,
  },
  title: { color: title },
});
const MARKS = { succeeded: '✓', partial: '!', failed: '✕' } as const;

/**
 * The audio client's installation after a download (SPEC section 4): in progress with what to do, succeeded, partially
 * installed with what is missing, or failed with what to try. Nothing while it is not installed: the page around it
 * offers the download. Each change of state is announced.
 */
export function InstallStatus({ install }: { install: InstallView }) {
  const { t } = useTranslation(NALS_NS);
  const theme = useMantineTheme();
  const { state } = install;
  return (
    <>
      {/* Always in the page: a live region that appears with its text is not announced by every screen reader. The
          headline only, not the clock, which would be read out every second. */}
      <VisuallyHidden role="status">
        {state.kind === 'notInstalled' ? '' : t(`install.${state.kind}.title`)}
      </VisuallyHidden>
      {state.kind !== 'notInstalled' && (
        <Alert
          color={COLORS[state.kind]}
          variant="light"
          radius="md"
          styles={alertStyles(COLORS[state.kind], darken(theme.colors[COLORS[state.kind]][9], 0.2))}
          // A region named by its title, not an alert: the status above already says that it changed.
          role="region"
          title={t(`install.${state.kind}.title`)}
          icon={
            state.kind === 'inProgress' ? (
              <Loader size={16} color="violet.7" />
            ) : (
              <span aria-hidden="true">{MARKS[state.kind]}</span>
            )
          }
          data-testid="install-status"
          data-state={state.kind}
        >
          <StateBody state={state} os={install.os} />
        </Alert>
      )}
    </>
  );
}

function StateBody({ state, os }: { state: Exclude<InstallState, { kind: 'notInstalled' }>; os: DownloadOs | null }) {
  const { t } = useTranslation(NALS_NS);
  switch (state.kind) {
    case 'inProgress':
      return (
        <Stack gap="xs">
          <Text size="sm">
            {t('install.inProgress.elapsed', { elapsed: formatClock(Math.floor(state.elapsedMs / 1000)) })}
          </Text>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>{t('install.inProgress.open')}</List.Item>
            <List.Item>{t('install.inProgress.follow')}</List.Item>
            <List.Item>{t('install.inProgress.start')}</List.Item>
          </List>
        </Stack>
      );
    case 'succeeded':
      return <Text size="sm">{t('install.succeeded.body', { version: state.version })}</Text>;
    case 'partial':
      return (
        <Stack gap="xs">
          <Text size="sm">{t('install.partial.intro', { version: state.version })}</Text>
          <List size="sm" spacing="xs">
            {state.missing.includes('driver') && (
              <List.Item>
                <DriverAdvice />
              </List.Item>
            )}
            {state.missing.includes('version') && (
              <List.Item>
                <Stack gap={6} align="flex-start">
                  <span>{t('install.partial.version', { refVersion: state.refVersion })}</span>
                  <DownloadAgain os={os} label={t('install.partial.download', { refVersion: state.refVersion })} />
                </Stack>
              </List.Item>
            )}
          </List>
        </Stack>
      );
    case 'failed':
      return <FailedBody os={os} />;
  }
}

/** The driver alert's advice (driver-alert.tsx), for a client whose audio driver did not start. */
function DriverAdvice() {
  const { t } = useTranslation(NALS_NS);
  return (
    <Stack gap={6} align="flex-start">
      <span>{t('install.partial.driver')}</span>
      <List size="sm" spacing={2} withPadding>
        <List.Item>{t('driver.connected')}</List.Item>
        <List.Item>{t('driver.busy')}</List.Item>
        <List.Item>{t('driver.other')}</List.Item>
      </List>
      <Button size="xs" variant="default" onClick={() => openConfigDialog(t)}>
        {t('driver.open')}
      </Button>
    </Stack>
  );
}

/** SPEC section 8's "installation failed", with what to try. */
function FailedBody({ os }: { os: DownloadOs | null }) {
  const { t } = useTranslation(NALS_NS);
  return (
    <Stack gap="xs">
      <Text size="sm">{t('install.failed.body', { count: INSTALL_TIMEOUT_MS / 60_000 })}</Text>
      <Text size="sm" fw={600}>
        {t('install.failed.try')}
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('install.failed.again')}</List.Item>
        <List.Item>{t('install.failed.blocked')}</List.Item>
        <List.Item>{t('install.failed.redownload')}</List.Item>
      </List>
      <Group gap="md" mt={4}>
        <DownloadAgain os={os} label={t('install.failed.download')} color="red.9" />
        {/* A new tab, like the footer's help: the installation's page stays as it is. */}
        <Anchor href={getRuntimeConfig().helpUrl} target="_blank" rel="noopener noreferrer" size="sm" c="red.9">
          {t('install.failed.help')}
        </Anchor>
      </Group>
    </Stack>
  );
}

/** The same download once more (which starts the installation over), or the download page when none suits. */
function DownloadAgain({ os, label, color }: { os: DownloadOs | null; label: ReactNode; color?: string }) {
  if (!os) {
    return (
      <Button component={Link} to={PATHS.download} size="xs" color={color}>
        {label}
      </Button>
    );
  }
  return <DownloadAgainFor os={os} label={label} color={color} />;
}

function DownloadAgainFor({ os, label, color }: { os: DownloadOs; label: ReactNode; color?: string }) {
  const account = useCurrentUser()?.id ?? null;
  const address = useDownloadAddress(os);
  if (!address.data) return null;
  return (
    <Button component="a" href={address.data} size="xs" color={color} onClick={() => startDownload(account, os)}>
      {label}
    </Button>
  );
}
