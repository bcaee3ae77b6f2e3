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
import type { CurrentUser } from '@tutti/contract/accounts';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText, translatedFieldErrors } from '../../../lib/error-text';
import { usernameCode } from '../../../lib/validation';
import { useChangeUsername } from '../api/change-username';
import { ME_NS } from '../../../lib/translations/me';

export function UsernameTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(ME_NS);
  const { t: tc } = useTranslation();
  const change = useChangeUsername();
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '' },
    validate: {
      username: (v) => {
        const code = usernameCode(v.trim());
        return code ? fieldErrorText(tc, code) : null;
      },
    },
  });

  const submit = form.onSubmit(({ username }) =>
    change.mutate(
      { username: username.trim() },
      {
        onSuccess: () => form.reset(),
        onError: (error) => form.setErrors(translatedFieldErrors(tc, error, ['username'])),
      },
    ),
  );
  const error = change.error;
  const showError = error && !(error instanceof ApiError && error.fields.username);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={520}>
        <Title order={2} size="h3">
          {t('usernameTab.heading')}
        </Title>
        <Text>{t('usernameTab.current', { username: user.username })}</Text>
        {change.isSuccess && <FormAlert kind="success">{t('usernameTab.success')}</FormAlert>}
        {showError && <FormAlert kind="error">{errorText(tc, error)}</FormAlert>}
        <TextInput
          label={t('usernameTab.newUsername')}
          autoComplete="username"
          required
          {...form.getInputProps('username')}
        />
        <div>
          <Button type="submit" loading={change.isPending}>
            {t('usernameTab.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
