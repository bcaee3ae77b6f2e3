import { Anchor, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { MusicianAvatar } from '../../../components/ui/musician-avatar';
import { ApiError } from '../../../lib/api-error';
import { adminAuditPath, PATHS, profilePath } from '../../../lib/paths';
import { pictureUrl } from '../../../lib/picture-url';
import { useAdminAccount } from '../api/accounts';
import { hasPublicProfile } from '../components/public-profile';
import { AccountDeletion, AccountPasswordAndSync, AccountStatus } from '../components/account-actions';
import { AccountDetails, AccountDevices, AccountSubscriptionAndSegments } from '../components/account-facts';
import { AccountPrivileges } from '../components/account-privileges';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';
import { ADMIN_NS } from '../translations';
import { named } from '../../../lib/elision';

/** /admin/accounts/:id (issue 14): an account's details, devices, subscription and segments, and every change an
 *  administrator can make to it. */
export function AccountPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const id = useParams().id ?? '';
  const account = useAdminAccount(id);

  const back = (
    <Anchor component={Link} to={PATHS.adminAccounts} size="sm">
      {t('account.back')}
    </Anchor>
  );
  if (!account.data) {
    const missing = account.error instanceof ApiError && account.error.status === 404;
    return (
      <Stack gap="lg">
        <AdminPageHeader title={t('accounts.title')} intro={t('account.intro')} action={back} />
        {account.isError ? (
          <LoadError
            text={missing ? t('account.notFound') : t('account.loadError')}
            onRetry={() => void account.refetch()}
          />
        ) : (
          <Loader size="sm" aria-label={tc('loading')} />
        )}
      </Stack>
    );
  }
  const a = account.data;
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('account.title', { username: a.username })} intro={t('account.intro')} action={back} />
      <Group gap="md">
        <MusicianAvatar picture={pictureUrl(a.username)} alt={tc('avatarAlt', named(a.displayedUsername))} size={56} />
        {hasPublicProfile(a) ? (
          <Anchor component={Link} to={profilePath(a.username)} size="sm">
            {t('account.profile')}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('account.noProfile')}
          </Text>
        )}
        <Anchor component={Link} to={adminAuditPath(a.id)} size="sm">
          {t('account.auditLink')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <AccountDetails account={a} />
          <AccountSubscriptionAndSegments id={a.id} />
          <AccountDevices id={a.id} />
        </Stack>
        <Stack gap="lg">
          <AccountStatus account={a} />
          <AccountPrivileges account={a} />
          <AccountPasswordAndSync account={a} />
          <AccountDeletion account={a} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
