import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClientLauncher } from '../../../lib/nals/use-client-launcher';
import { PATHS } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { SESSIONS_NS } from '../translations';

interface NalsRequiredProps {
  message: string;
  /** A second line under the message (what happens next). */
  detail?: string;
  /** The sound stopped mid-rehearsal: announced at once (role alert) rather than politely. */
  urgent?: boolean;
}

/** Why a session needs the audio client, and the two ways to get it running: start it, or download it. */
export function NalsRequired({ message, detail, urgent = false }: NalsRequiredProps) {
  const { t } = useTranslation(SESSIONS_NS);
  const user = useCurrentUser();
  const { broker, launching, launch } = useClientLauncher();
  const [missing, setMissing] = useState(false);

  const start = () => {
    if (!user) return;
    if (launch(user.nalsToken, (result) => setMissing(result === 'not-installed'))) setMissing(false);
  };

  return (
    <Alert
      color={urgent ? 'red' : 'yellow'}
      variant="light"
      radius="md"
      role={urgent ? 'alert' : 'status'}
      data-testid={urgent ? 'client-away' : undefined}
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {message}
        </Text>
        {detail && <Text size="sm">{detail}</Text>}
        <Group gap="sm">
          <Button size="xs" onClick={start} loading={launching} disabled={!broker}>
            {launching ? t('create.starting') : t('create.startClient')}
          </Button>
          <Anchor component={Link} to={PATHS.download} size="sm">
            {t('create.download')}
          </Anchor>
        </Group>
        {missing && <Text size="sm">{t('create.notInstalled')}</Text>}
      </Stack>
    </Alert>
  );
}
