import { Anchor, Badge, Button, Code, CopyButton, Group, Loader, Skeleton, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Skeleton.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNalsConnected } from '../../../../lib/nals/nals-connected';
import { PATHS } from '../../../../lib/paths';
import { useCurrentUser } from '../../../../lib/session';
import { useDownloadAddress } from '../../api/download-address';
import { startDownload } from '../../install-progress';
import { currentPlatformClues, detectPlatform, type DevicePlatform, type DownloadOs } from '../../platform';
import { NALS_NS } from '../../translations';
import { useInstallState } from '../../use-install-state';
import { InstallStatus } from '../install-status';
import { OnboardingStep, StepText } from './onboarding-step';

/** Step one: the build for this computer's system, the token to give the client, and a live "detected" state (the
 *  client connected to this page, or the server saw one sign in from any device). Once downloaded, the installation's
 *  state (in progress, succeeded, partially installed, failed) replaces the download button. */
export function AudioClientStep({ number, done }: { number: number; done: boolean }) {
  const { t } = useTranslation(NALS_NS);
  const user = useCurrentUser();
  const connected = useNalsConnected();
  const [platform] = useState<DevicePlatform>(() => detectPlatform(currentPlatformClues()));
  const install = useInstallState();
  const detected = done || connected;
  return (
    <OnboardingStep
      number={number}
      title={t('onboarding.audio.title')}
      done={detected}
      status={
        <Badge color="gray" variant="light" leftSection={<Loader size={10} color="gray" />}>
          {t('onboarding.audio.waiting')}
        </Badge>
      }
    >
      <StepText>{detected ? t('onboarding.audio.detected') : t('onboarding.audio.intro')}</StepText>
      <InstallStatus install={install} />
      {!detected && (
        <>
          {/* Once downloaded, the installation's state above offers the next steps (and the download again). */}
          {install.state.kind === 'notInstalled' &&
            (platform === 'unsupported' ? (
              <Text size="sm" c="red.8">
                {t('onboarding.audio.unsupported')}
              </Text>
            ) : (
              <DownloadButton os={platform} />
            ))}
          <Text size="sm">{t('setup.token')}</Text>
          {user && (
            <Group gap="sm" wrap="nowrap" align="center">
              <Code style={{ wordBreak: 'break-all', flex: 1 }}>{user.nalsToken}</Code>
              <CopyButton value={user.nalsToken}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} style={{ flexShrink: 0 }} aria-live="polite">
                    {copied ? t('setup.copied') : t('setup.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
          <Anchor component={Link} to={PATHS.download} size="sm">
            {t('onboarding.audio.otherSystems')}
          </Anchor>
        </>
      )}
    </OnboardingStep>
  );
}

function DownloadButton({ os }: { os: DownloadOs }) {
  const { t } = useTranslation(NALS_NS);
  const account = useCurrentUser()?.id ?? null;
  const address = useDownloadAddress(os);
  const system = t(`download.systems.${os}`);
  if (address.isPending) return <Skeleton h={36} w={220} radius="md" />;
  if (!address.data) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {t('download.unavailable')}
      </Text>
    );
  }
  return (
    <div>
      <Button component="a" href={address.data} onClick={() => startDownload(account, os)}>
        {t('download.button', { system })}
      </Button>
    </div>
  );
}
