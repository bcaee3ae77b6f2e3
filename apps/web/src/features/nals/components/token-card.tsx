import { Button, Code, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { openConfirmModal } from '../../../components/ui/modal-host';
import { errorText } from '../../../lib/error-text';
import { useCurrentUser } from '../../../lib/session';
import { useServerConfig } from '../../../lib/nals/server-config';
import { useRotateNalsToken } from '../api/rotate-token';
import { NALS_NS } from '../translations';

/** The token the audio client signs in with, the command that starts the emulator with it, and its replacement. */
export function TokenCard() {
  const { t } = useTranslation(NALS_NS);
  const { t: tc } = useTranslation();
  const user = useCurrentUser();
  const broker = useServerConfig().data?.queueHost;
  const rotate = useRotateNalsToken();
  if (!user) return null;

  const confirm = () =>
    openConfirmModal({
      title: t('token.confirmTitle'),
      children: <Text>{t('token.confirmBody')}</Text>,
      confirmLabel: t('token.rotate'),
      danger: true,
      onConfirm: () => rotate.mutate(),
    });

  return (
    <Paper component="section" aria-labelledby="nals-token" withBorder radius="lg" p="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="nals-token">
          {t('token.title')}
        </Title>
        <Text size="sm">{t('token.intro')}</Text>
        <Code block w="100%" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {user.nalsToken}
        </Code>
        {broker && (
          <>
            <Text size="sm">{t('token.emulator')}</Text>
            <Code block w="100%" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {`npm run nals -- --token ${user.nalsToken} --broker ${broker}`}
            </Code>
          </>
        )}
        {rotate.isSuccess && <FormAlert kind="success">{t('token.rotated')}</FormAlert>}
        {rotate.isError && <FormAlert kind="error">{errorText(tc, rotate.error)}</FormAlert>}
        <Button variant="default" color="red" onClick={confirm} loading={rotate.isPending}>
          {t('token.rotate')}
        </Button>
      </Stack>
    </Paper>
  );
}
