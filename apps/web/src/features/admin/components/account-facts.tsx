import { Badge, Group, List, Loader, SimpleGrid, Text } from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useTranslation } from 'react-i18next';
import type { AccountSegments, AdminAccount } from '@tutti/contract/account-admin';
import { SectionCard } from '../../../components/ui/section-card';
import { formatCalendarDate, formatDate, formatDateTime, formatRelative } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useAccountDevices, useAccountSegments, useAccountSubscription } from '../api/accounts';
import { ADMIN_NS } from '../translations';

type Segment = AccountSegments['segments'][number];
/** i18next reads ':' as its namespace separator: the locale segments are keyed with '_'. */
const segmentKey = (s: Segment) => (s === 'locale:en' ? 'locale_en' : s === 'locale:fr' ? 'locale_fr' : s);

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** What the account is: its fields as the administration sees them. */
export function AccountDetails({ account }: { account: AdminAccount }) {
  const { t } = useTranslation(ADMIN_NS);
  const locale = currentLanguage();
  const none = t('account.none');
  return (
    <SectionCard title={t('account.details')}>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
        <Fact label={t('account.email')} value={account.email} />
        <Fact label={t('account.username')} value={account.username} />
        <Fact label={t('account.displayedUsername')} value={account.displayedUsername} />
        <Fact label={t('account.locale')} value={account.locale} />
        <Fact
          label={t('account.birthdate')}
          value={account.birthdate ? formatCalendarDate(account.birthdate, locale) : none}
        />
        <Fact label={t('account.createdAt')} value={formatDateTime(account.createdAt, locale)} />
        <Fact
          label={t('account.validatedAt')}
          value={account.validatedAt ? formatDateTime(account.validatedAt, locale) : none}
        />
        <Fact
          label={t('account.lastPingAt')}
          value={account.lastPingAt ? formatRelative(account.lastPingAt, locale) : none}
        />
      </SimpleGrid>
    </SectionCard>
  );
}

/** The devices signed in to the account, the most recently used first. */
export function AccountDevices({ id }: { id: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const devices = useAccountDevices(id);
  const locale = currentLanguage();
  return (
    <SectionCard title={t('account.devices')} empty={t('account.noDevices')}>
      {!devices.data ? (
        <Loader size="xs" />
      ) : (
        devices.data.length > 0 && (
          <List spacing={4} size="sm">
            {devices.data.map((d) => (
              <List.Item key={d.id}>
                <Text size="sm" span fw={500}>
                  {d.app}
                </Text>{' '}
                <Text size="xs" span c="dimmed">
                  {t('account.deviceLastUse', { when: formatRelative(d.lastUsedAt, locale) })}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {d.userAgent}
                </Text>
              </List.Item>
            ))}
          </List>
        )
      )}
    </SectionCard>
  );
}

/** The current subscription and the segments the account falls in now. */
export function AccountSubscriptionAndSegments({ id }: { id: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const subscription = useAccountSubscription(id);
  const segments = useAccountSegments(id);
  const locale = currentLanguage();
  const current = subscription.data?.current;
  return (
    <>
      <SectionCard title={t('account.subscription')}>
        {!subscription.data ? (
          <Loader size="xs" />
        ) : current ? (
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {current.product.name[locale]}
            </Text>
            <Badge variant="outline" tt="none" color="blue.9" c="blue.9">
              {current.status}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('account.until', { date: formatDate(current.currentPeriodEnd, locale) })}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('account.noSubscription')}
          </Text>
        )}
      </SectionCard>
      <SectionCard title={t('account.segments')}>
        {!segments.data ? (
          <Loader size="xs" />
        ) : (
          <Group gap={6}>
            {segments.data.segments.map((s) => (
              <Badge key={s} variant="outline" tt="none" color="gray.7" c="gray.9">
                {t(`account.segment.${segmentKey(s)}`)}
              </Badge>
            ))}
            {segments.data.experiments.map((e) => (
              <Badge key={`ab:${e.test}`} variant="outline" tt="none" color="violet.7" c="violet.9">
                {t('account.experiment', { test: e.test, variant: e.variant })}
              </Badge>
            ))}
          </Group>
        )}
      </SectionCard>
    </>
  );
}
