import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { GuestCard } from '../../../components/ui/guest-card';
import { errorText, fieldErrorText, translatedFieldErrors } from '../../../lib/error-text';
import { PATHS } from '../../../lib/paths';
import { useTitle } from '../../../lib/use-title';
import { emailCode } from '../../../lib/validation';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  useTitle(t('forgot.title'));
  const forgot = useForgotPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: {
      email: (v) => {
        const code = emailCode(v);
        return code ? fieldErrorText(tc, code) : null;
      },
    },
  });

  const submit = form.onSubmit(({ email }) =>
    forgot.mutate(email.trim(), { onError: (error) => form.setErrors(translatedFieldErrors(tc, error, ['email'])) }),
  );

  return (
    <GuestCard heading={t('forgot.heading')} intro={forgot.isSuccess ? undefined : t('forgot.intro')}>
      {forgot.isSuccess ? (
        <Stack gap="md">
          <FormAlert kind="success">{t('forgot.sent')}</FormAlert>
          <Anchor component={Link} to={PATHS.login} ta="center">
            {t('forgot.backToLogin')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {forgot.isError && <FormAlert kind="error">{errorText(tc, forgot.error)}</FormAlert>}
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" size="md" loading={forgot.isPending} fullWidth>
              {t('forgot.submit')}
            </Button>
            <Anchor component={Link} to={PATHS.login} ta="center" size="sm">
              {t('forgot.backToLogin')}
            </Anchor>
          </Stack>
        </form>
      )}
    </GuestCard>
  );
}
