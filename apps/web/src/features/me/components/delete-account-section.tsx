import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_DELETION_GRACE_DAYS, accountErasureDate } from '@tutti/contract/accounts';
import { PATHS } from '../../../lib/paths';
import { FormAlert } from '../../../components/ui/form-alert';
import { openConfirmModal } from '../../../components/ui/modal-host';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { requiredCode } from '../../../lib/required-field';
import { useDeleteOwnAccount } from '../api/delete-account';
import { ME_NS } from '../../../lib/translations/me';

/** "Delete my account" (issue 14; docs/privacy.md): the password, a confirmation, then the login page says until when
 *  signing in keeps the account. */
export function DeleteAccountSection({ accountId }: { accountId: string }) {
  const { t } = useTranslation(ME_NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteOwnAccount(
    accountId,
    ({ erasesAt }) => void navigate(`${PATHS.login}?erases=${encodeURIComponent(erasesAt)}`, { replace: true }),
  );
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = requiredCode(password);
    if (code) return setFieldError(fieldErrorText(tc, code));
    const date = formatDate(accountErasureDate(new Date()), currentLanguage());
    openConfirmModal({
      title: t('accountTab.confirmDeleteTitle'),
      children: <Text>{t('accountTab.confirmDelete', { date })}</Text>,
      confirmLabel: t('accountTab.confirmDeleteButton'),
      danger: true,
      onConfirm: () =>
        remove.mutate(password, {
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'WRONG_PASSWORD') {
              setFieldError(fieldErrorText(tc, 'wrong_password'));
            }
          },
        }),
    });
  };

  const failure = remove.error instanceof ApiError && remove.error.code === 'WRONG_PASSWORD' ? null : remove.error;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="delete-account-heading">
      <Stack gap="sm" maw={520}>
        <Title order={3} size="h4" id="delete-account-heading">
          {t('accountTab.deleteHeading')}
        </Title>
        <Text size="sm">{t('accountTab.deleteIntro', { days: ACCOUNT_DELETION_GRACE_DAYS })}</Text>
        {failure && <FormAlert kind="error">{errorText(tc, failure)}</FormAlert>}
        <PasswordInput
          label={t('accountTab.deletePassword')}
          autoComplete="current-password"
          required
          value={password}
          error={fieldError ?? undefined}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setFieldError(null);
          }}
        />
        <div>
          <Button type="submit" color="red" variant="light" loading={remove.isPending}>
            {t('accountTab.deleteButton')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
