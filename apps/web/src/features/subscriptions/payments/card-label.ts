import type { TFunction } from 'i18next';
import type { PaymentCard } from '@tutti/contract/payments';

const BRANDS = ['visa', 'mastercard', 'amex'] as const;
type Brand = (typeof BRANDS)[number];
const isBrand = (v: string): v is Brand => (BRANDS as readonly string[]).includes(v);

/** "Visa •••• 4242": a saved card as people recognise it (its number is never known to Tutti). */
export function cardName(t: TFunction<'subscriptions'>, card: Pick<PaymentCard, 'brand' | 'last4'>): string {
  const brand = isBrand(card.brand) ? t(`card.brand.${card.brand}`) : t('card.brand.other');
  return t('card.summary', { brand, last4: card.last4 });
}

/** "Expires 12/2030". */
export function cardExpiry(t: TFunction<'subscriptions'>, card: Pick<PaymentCard, 'expMonth' | 'expYear'>): string {
  return t('card.expires', { month: String(card.expMonth).padStart(2, '0'), year: card.expYear });
}
