import { Anchor } from '@mantine/core';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOffersOpen } from '../../../lib/offers';
import { PATHS } from '../../../lib/paths';
import { SESSIONS_NS } from '../translations';

/**
 * "Subscribe to remove this limit", to the subscription screen (SPEC section 1), between the separators given: nothing
 * at all while no offer is enabled (issue 29: a link to "No offer is available" promises what cannot be bought).
 */
export function SubscribeLink({
  before = '',
  after = '',
  strong = false,
}: {
  before?: string;
  after?: string;
  strong?: boolean;
}) {
  const { t } = useTranslation(SESSIONS_NS);
  if (!useOffersOpen()) return null;
  return (
    <>
      {before}
      <Anchor component={Link} to={PATHS.subscription} fw={strong ? 600 : undefined}>
        {t('minutes.subscribe')}
      </Anchor>
      {after}
    </>
  );
}
