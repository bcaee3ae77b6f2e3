import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';
import { requiredCode } from '../../../lib/required-field';
import { passwordCode } from '../../../lib/validation';
import { useChangePassword } from '../api/change-password';
import { ME_NS } from '../../../lib/translations/me';

export function PasswordTab() {
  const { t } = useTranslation(ME_NS);
  const { t: tc } = useTranslation();
  const change = useChangePassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { oldPassword: '', newPassword: '' },
    validate: {
      oldPassword: (v) => {
        const code = requiredCode(v);
        return code ? fieldErrorText(tc, code) : null;
      },
      newPassword: (v) => {
        const code = passwordCode(v);
        return code ? fieldErrorText(tc, code) : null;
      },
    },
  });

  const submit = form.onSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        // A wrong current password belongs on its field.
        if (error.code === 'WRONG_PASSWORD' || error.fields.oldPassword === 'wrong_password') {
          form.setFieldError('oldPassword', fieldErrorText(tc, 'wrong_password'));
        }
        const newCode = error.fields.newPassword;
        if (newCode) form.setFieldError('newPassword', fieldErrorText(tc, newCode));
      },
    }),
  );
  const error = change.error;
  const onField =
    error instanceof ApiError &&
    (error.code === 'WRONG_PASSWORD' ||
      error.fields.oldPassword !== undefined ||
      error.fields.newPassword !== undefined);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={520}>
        <Title order={2} size="h3">
          {t('passwordTab.heading')}
        </Title>
        <Text c="dimmed">{t('passwordTab.intro')}</Text>
        {change.isSuccess && <FormAlert kind="success">{t('passwordTab.success')}</FormAlert>}
        {error && !onField && <FormAlert kind="error">{errorText(tc, error)}</FormAlert>}
        <TextInput
          label={t('passwordTab.current')}
          type="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('oldPassword')}
        />
        <TextInput
          label={t('passwordTab.new')}
          type="password"
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <div>
          <Button type="submit" loading={change.isPending}>
            {t('passwordTab.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
