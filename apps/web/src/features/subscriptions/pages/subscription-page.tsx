import { Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailableProduct } from '@tutti/contract/subscriptions';
import { SectionCard } from '../../../components/ui/section-card';
import { useTitle } from '../../../lib/use-title';
import { useAvailableProducts } from '../../../lib/offers';
import { useFreeMinutes } from '../api/free-minutes';
import { useMySubscriptions } from '../api/my-subscriptions';
import { CurrentSubscription, NoSubscription } from '../components/current-subscription';
import { LoadError } from '../../../components/ui/load-error';
import { OfferCard } from '../components/offer-card';
import { PastSubscriptions } from '../components/past-subscriptions';
import { PromoCodeForm } from '../components/promo-code-form';
import { SubscribeFlow } from '../components/subscribe-flow';
import { SUBSCRIPTIONS_NS } from '../translations';

/** My subscription now, or my free minutes without one. */
function CurrentSection() {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  const mine = useMySubscriptions();
  // The minutes matter only without a subscription (null when subscribed).
  const minutes = useFreeMinutes(mine.data !== undefined && mine.data.current === null);
  let body;
  if (mine.isError && !mine.data)
    body = <LoadError text={t('current.loadError')} onRetry={() => void mine.refetch()} />;
  else if (!mine.data) body = <Loader size="sm" aria-label={tc('loading')} />;
  else if (mine.data.current) body = <CurrentSubscription subscription={mine.data.current} />;
  else body = <NoSubscription minutes={minutes.data} />;
  return <SectionCard title={t('current.heading')}>{body}</SectionCard>;
}

function OffersSection() {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  const offers = useAvailableProducts();
  const mine = useMySubscriptions();
  const [subscribing, setSubscribing] = useState<AvailableProduct | null>(null);
  // Offers can be subscribed to without a current subscription (the server refuses a second one).
  const open = mine.data !== undefined && mine.data.current === null;
  let body;
  if (offers.isError && !offers.data)
    body = <LoadError text={t('offers.loadError')} onRetry={() => void offers.refetch()} />;
  else if (!offers.data) body = <Loader size="sm" aria-label={tc('loading')} />;
  else
    body = offers.data.length > 0 && (
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {offers.data.map((product) => (
          <OfferCard
            key={product.id}
            product={product}
            onSubscribe={open ? () => setSubscribing(product) : undefined}
          />
        ))}
      </SimpleGrid>
    );
  return (
    <>
      <SectionCard title={t('offers.heading')} empty={t('offers.empty')}>
        {body}
      </SectionCard>
      <SubscribeFlow product={subscribing} onClose={() => setSubscribing(null)} />
    </>
  );
}

function PastSection() {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const mine = useMySubscriptions();
  const past = mine.data?.past ?? [];
  if (past.length === 0) return null;
  return (
    <SectionCard title={t('past.heading')}>
      <PastSubscriptions subscriptions={past} />
    </SectionCard>
  );
}

/** /me/subscription (SPEC section 2): my subscription or free minutes, the offers, a promo code, past subscriptions. */
export function SubscriptionPage() {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  useTitle(t('page.title'));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </Stack>
      <CurrentSection />
      <OffersSection />
      <SectionCard title={t('promo.heading')}>
        <PromoCodeForm />
      </SectionCard>
      <PastSection />
    </Stack>
  );
}
