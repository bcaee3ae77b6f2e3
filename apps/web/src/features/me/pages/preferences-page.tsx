import { Paper, Stack, Tabs, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Title.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';
import { AccountTab } from '../components/account-tab';
import { DevicesTab } from '../components/devices-tab';
import { PasswordTab } from '../components/password-tab';
import { PreferencesTab } from '../components/preferences-tab';
import { UsernameTab } from '../components/username-tab';
import { ME_NS } from '../../../lib/translations/me';

const TABS = ['preferences', 'account', 'username', 'password', 'devices', 'billing', 'blocked'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly string[]).includes(v ?? '');

/** /me/preferences; the open tab lives in ?tab= so a reload or a shared link keeps it. `blockedTab`: the community
 *  feature's list of blocked musicians, a tab only for musicians of the social age (SPEC section 6, eligibleToSocial).
 *  `billingTab`: the subscriptions feature's cards and invoices (?tab=billing, where the billing emails link). */
export function PreferencesPage({ blockedTab, billingTab }: { blockedTab?: ReactNode; billingTab?: ReactNode }) {
  const { t } = useTranslation(ME_NS);
  useTitle(t('preferences.title'));
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  if (!user) return null;
  const social = Boolean(blockedTab) && user.eligibleToSocial;
  const tabs = TABS.filter((value) => (value !== 'blocked' || social) && (value !== 'billing' || billingTab));
  const tab: Tab = isTab(requested) && tabs.includes(requested) ? requested : 'preferences';

  const select = (value: string | null) => {
    if (isTab(value)) setParams(value === 'preferences' ? {} : { tab: value }, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('preferences.title')}</Title>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs value={tab} onChange={select} keepMounted={false} variant="pills" radius="md">
          <Tabs.List aria-label={t('preferences.tabs.label')} mb="lg">
            {tabs.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {value === 'blocked' ? t('blocked.tab') : t(`preferences.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="preferences">
            <PreferencesTab user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="account">
            <AccountTab user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="username">
            <UsernameTab user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="password">
            <PasswordTab />
          </Tabs.Panel>
          <Tabs.Panel value="devices">
            <DevicesTab />
          </Tabs.Panel>
          {billingTab && <Tabs.Panel value="billing">{billingTab}</Tabs.Panel>}
          {social && <Tabs.Panel value="blocked">{blockedTab}</Tabs.Panel>}
        </Tabs>
      </Paper>
    </Stack>
  );
}
