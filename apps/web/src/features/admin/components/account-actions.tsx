import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, Switch, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import { useTranslation } from 'react-i18next';
import type { AdminAccount } from '@tutti/contract/account-admin';
import { ACCOUNT_DELETION_GRACE_DAYS, accountErasureDate } from '@tutti/contract/accounts';
import { MIN_PASSWORD_LENGTH } from '@tutti/contract/common';
import { FormAlert } from '../../../components/ui/form-alert';
import { openConfirmModal } from '../../../components/ui/modal-host';
import { SectionCard } from '../../../components/ui/section-card';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useDeleteAccount, useSetFlag, useSetPassword, useSyncAccount } from '../api/accounts';
import { ADMIN_NS } from '../translations';

/** Validated and verified, each a switch; un-validating (which signs the account out) asks first. */
export function AccountStatus({ account }: { account: AdminAccount }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const flag = useSetFlag(account.id);
  const setValid = (state: boolean) => {
    if (state) return flag.mutate({ flag: 'valid', state });
    openConfirmModal({
      title: t('account.confirmUnvalidateTitle'),
      children: <Text>{t('account.confirmUnvalidate', { username: account.username })}</Text>,
      confirmLabel: t('account.unvalidate'),
      danger: true,
      onConfirm: () => flag.mutate({ flag: 'valid', state: false }),
    });
  };
  return (
    <SectionCard title={t('account.status')}>
      <Switch
        label={t('account.valid')}
        description={t('account.validHelp')}
        checked={account.validatedAt !== null}
        disabled={flag.isPending}
        onChange={(event) => setValid(event.currentTarget.checked)}
      />
      <Switch
        label={t('account.verified')}
        description={t('account.verifiedHelp')}
        checked={account.verified}
        disabled={flag.isPending}
        onChange={(event) => flag.mutate({ flag: 'verified', state: event.currentTarget.checked })}
      />
      {flag.isError && <FormAlert kind="error">{errorText(tc, flag.error)}</FormAlert>}
    </SectionCard>
  );
}

/** A new password (asked for confirmation: the account is signed out everywhere), and the payment-service sync. */
export function AccountPasswordAndSync({ account }: { account: AdminAccount }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const password = useSetPassword(account.id);
  const sync = useSyncAccount(account.id);
  const [value, setValue] = useState('');
  const tooShort = value.length > 0 && value.length < MIN_PASSWORD_LENGTH;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (value.length < MIN_PASSWORD_LENGTH) return;
    openConfirmModal({
      title: t('account.confirmPasswordTitle'),
      children: <Text>{t('account.confirmPassword', { username: account.username })}</Text>,
      confirmLabel: t('account.setPassword'),
      danger: true,
      onConfirm: () => password.mutate(value, { onSuccess: () => setValue('') }),
    });
  };

  const synced = sync.data;
  return (
    <>
      <SectionCard title={t('account.password')}>
        <form onSubmit={onSubmit}>
          <Stack gap="sm">
            <PasswordInput
              label={t('account.password')}
              description={t('account.passwordHelp')}
              value={value}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                password.reset();
              }}
              error={tooShort ? tc('fieldErrors.password_too_short') : undefined}
              autoComplete="new-password"
              maw={420}
            />
            {password.isError && <FormAlert kind="error">{errorText(tc, password.error)}</FormAlert>}
            {password.isSuccess && <FormAlert kind="success">{t('account.passwordSet')}</FormAlert>}
            <div>
              <Button type="submit" color="red" variant="light" loading={password.isPending}>
                {t('account.setPassword')}
              </Button>
            </div>
          </Stack>
        </form>
      </SectionCard>
      <SectionCard title={t('account.sync')}>
        <Text size="sm" c="dimmed">
          {t('account.syncHelp')}
        </Text>
        {sync.isError && <FormAlert kind="error">{errorText(tc, sync.error)}</FormAlert>}
        {synced && (
          <FormAlert kind="success">
            {synced.customerId
              ? t('account.syncDone', { customer: synced.customerId, count: synced.cards })
              : t('account.syncNone')}
          </FormAlert>
        )}
        <Group>
          <Button variant="light" onClick={() => sync.mutate()} loading={sync.isPending}>
            {t('account.syncButton')}
          </Button>
        </Group>
      </SectionCard>
    </>
  );
}

/** Deleting the account (asked for confirmation); once asked, when the erasure comes (final: its owner cannot undo it). */
export function AccountDeletion({ account }: { account: AdminAccount }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const remove = useDeleteAccount(account.id);
  const locale = currentLanguage();
  const ask = () =>
    openConfirmModal({
      title: t('account.confirmDeleteTitle'),
      children: (
        <Text>
          {t('account.confirmDelete', {
            username: account.username,
            date: formatDate(accountErasureDate(new Date()), locale),
          })}
        </Text>
      ),
      confirmLabel: t('account.deleteButton'),
      danger: true,
      onConfirm: () => remove.mutate(),
    });
  return (
    <SectionCard title={t('account.delete')}>
      {account.erasesAt ? (
        <FormAlert kind="info">{t('account.erasesAt', { date: formatDate(account.erasesAt, locale) })}</FormAlert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('account.deleteHelp', { days: ACCOUNT_DELETION_GRACE_DAYS })}
          </Text>
          {remove.isError && <FormAlert kind="error">{errorText(tc, remove.error)}</FormAlert>}
          <Group>
            <Button color="red" variant="light" onClick={ask} loading={remove.isPending}>
              {t('account.deleteButton')}
            </Button>
          </Group>
        </>
      )}
    </SectionCard>
  );
}
