import { Anchor, Button, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { GuestCard } from '../../../components/ui/guest-card';
import { errorText } from '../../../lib/error-text';
import { PATHS } from '../../../lib/paths';
import { useResendConfirmation } from '../api/resend-confirmation';

interface ConfirmationStepProps {
  /** Without it (an older server answer) the resend button cannot be offered. */
  accountId: string | null;
  email: string;
  /** Reached from a refused sign-in rather than right after sign-up. */
  fromLogin?: boolean;
  /** On the login page itself a link to login would not change anything: going back resets the form instead. */
  onBack?: () => void;
}

/** After sign-up, or a sign-in refused for an unconfirmed account: check your email, or have it sent again. */
export function ConfirmationStep({ accountId, email, fromLogin = false, onBack }: ConfirmationStepProps) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const resend = useResendConfirmation();

  return (
    <GuestCard heading={t('confirm.heading')}>
      <Stack gap="md">
        {fromLogin && <Text fw={600}>{t('confirm.notConfirmed')}</Text>}
        <Text>{email ? t('confirm.sentTo', { email }) : t('confirm.sentGeneric')}</Text>
        {resend.isSuccess && <FormAlert kind="success">{t('confirm.resent')}</FormAlert>}
        {resend.isError && <FormAlert kind="error">{errorText(tc, resend.error)}</FormAlert>}
        {accountId && (
          <Button variant="light" loading={resend.isPending} onClick={() => resend.mutate(accountId)}>
            {t('confirm.resend')}
          </Button>
        )}
        {onBack ? (
          <Anchor component="button" type="button" onClick={onBack} size="sm" mx="auto">
            {t('confirm.backToLogin')}
          </Anchor>
        ) : (
          <Anchor component={Link} to={PATHS.login} ta="center" size="sm">
            {t('confirm.backToLogin')}
          </Anchor>
        )}
      </Stack>
    </GuestCard>
  );
}
