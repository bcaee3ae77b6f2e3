import { addTranslations } from '../../lib/i18n';
import en from '../../locales/en/subscriptions.json';
import fr from '../../locales/fr/subscriptions.json';

// The subscription screens' texts load with them (/me/subscription, /promo); importing this module registers them.
addTranslations('subscriptions', { en, fr });

export const SUBSCRIPTIONS_NS = 'subscriptions';
