import { Button, Loader, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { GuestCard } from '../../../components/ui/guest-card';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { PATHS } from '../../../lib/paths';
import { useTitle } from '../../../lib/use-title';
import { useValidateAccount } from '../api/validate-account';

/** /users/validate-account?token=…: confirms the email address as soon as the page opens. */
export function ValidateAccountPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  useTitle(t('validate.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const validation = useValidateAccount(token);

  const logIn = (
    <Button component={Link} to={PATHS.login} size="md" fullWidth>
      {t('validate.logIn')}
    </Button>
  );

  if (token !== '' && validation.isPending) {
    return (
      <GuestCard heading={t('validate.title')}>
        <Stack align="center" role="status">
          <Loader aria-hidden="true" />
          <Text>{t('validate.pending')}</Text>
        </Stack>
      </GuestCard>
    );
  }

  const error = validation.error;
  const already = error instanceof ApiError && error.code === 'ACCOUNT_ALREADY_CONFIRMED';
  if (validation.isSuccess || already) {
    return (
      <GuestCard heading={t('validate.title')}>
        <Stack gap="md">
          <FormAlert kind="success">{already ? t('validate.already') : t('validate.success')}</FormAlert>
          {logIn}
        </Stack>
      </GuestCard>
    );
  }

  // No token, or the server refused it; a server or network failure says so instead of blaming the link.
  const transient = error instanceof ApiError && error.isTransient;
  return (
    <GuestCard heading={t('validate.title')}>
      <Stack gap="md">
        <FormAlert kind="error">{transient ? errorText(tc, error) : t('validate.invalid')}</FormAlert>
        {!transient && <Text size="sm">{t('validate.invalidHint')}</Text>}
        {logIn}
      </Stack>
    </GuestCard>
  );
}
