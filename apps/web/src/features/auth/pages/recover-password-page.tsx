import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
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
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { GuestCard } from '../../../components/ui/guest-card';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';
import { PATHS } from '../../../lib/paths';
import { useTitle } from '../../../lib/use-title';
import { passwordCode } from '../../../lib/validation';
import { useRecoverPassword } from '../api/recover-password';

/** /users/recover-password?token=…: the new password, typed twice (spec section 5). */
export function RecoverPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  useTitle(t('recover.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const recover = useRecoverPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmation: '' },
    validate: {
      password: (v) => {
        const code = passwordCode(v);
        return code ? fieldErrorText(tc, code) : null;
      },
      confirmation: (v, values) => (v !== values.password ? t('recover.mismatch') : null),
    },
  });

  const submit = form.onSubmit(({ password }) => recover.mutate({ token, password }));

  if (recover.isSuccess) {
    return (
      <GuestCard heading={t('recover.heading')}>
        <Stack gap="md">
          <FormAlert kind="success">{t('recover.success')}</FormAlert>
          <Text size="sm">{t('recover.successHint')}</Text>
          <Button component={Link} to={PATHS.login} size="md" fullWidth>
            {t('recover.logIn')}
          </Button>
        </Stack>
      </GuestCard>
    );
  }

  const error = recover.error;
  const linkRefused =
    token === '' || (error instanceof ApiError && (error.code === 'INVALID_LINK' || error.status === 404));
  const otherError = error && !linkRefused ? errorText(tc, error) : null;

  return (
    <GuestCard heading={t('recover.heading')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {linkRefused && (
            <FormAlert kind="error">
              {t('recover.missingToken')}{' '}
              <Anchor component={Link} to={PATHS.forgotPassword} inherit fw={600}>
                {t('recover.requestNew')}
              </Anchor>
            </FormAlert>
          )}
          {otherError && <FormAlert kind="error">{otherError}</FormAlert>}
          <TextInput
            label={t('fields.newPassword')}
            type="password"
            autoComplete="new-password"
            required
            disabled={token === ''}
            {...form.getInputProps('password')}
          />
          <TextInput
            label={t('fields.confirmPassword')}
            type="password"
            autoComplete="new-password"
            required
            disabled={token === ''}
            {...form.getInputProps('confirmation')}
          />
          <Button type="submit" size="md" loading={recover.isPending} disabled={token === ''} fullWidth>
            {t('recover.submit')}
          </Button>
        </Stack>
      </form>
    </GuestCard>
  );
}
