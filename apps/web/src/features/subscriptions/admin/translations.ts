import { addTranslations } from '../../../lib/i18n';
import en from '../../../locales/en/subscriptions-admin.json';
import fr from '../../../locales/fr/subscriptions-admin.json';

// The administration's products, promo codes and subscriptions: their texts load with those pages only, never with a
// musician's; importing this module registers them.
addTranslations('subscriptionsAdmin', { en, fr });

export const SUBSCRIPTIONS_ADMIN_NS = 'subscriptionsAdmin';
