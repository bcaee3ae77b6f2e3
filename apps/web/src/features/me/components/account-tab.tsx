import { Stack, Title } from '@mantine/core';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@tutti/contract/accounts';
import { formatCalendarDate, formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { DeleteAccountSection } from './delete-account-section';
import { ME_NS } from '../../../lib/translations/me';

export function AccountTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(ME_NS);
  const locale = currentLanguage();
  const rows: Array<[string, string]> = [
    [t('accountTab.email'), user.email],
    [t('accountTab.username'), user.username],
    [
      t('accountTab.birthdate'),
      user.birthdate ? formatCalendarDate(user.birthdate, locale) : t('accountTab.noBirthdate'),
    ],
    [t('accountTab.memberSince'), formatDate(user.createdAt, locale)],
  ];
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {t('accountTab.heading')}
      </Title>
      <dl className="details-list">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <DeleteAccountSection accountId={user.id} />
    </Stack>
  );
}
