import { createHash } from 'node:crypto';
import { luhnValid } from '@tutti/contract/cards';

/**
 * The payment sandbox's cards: Stripe's published test-card table (https://docs.stripe.com/testing), so that the
 * sandbox and Stripe's test mode answer a given number the same way.
 */
export type CardBehaviour =
  /** Saved and charged. */
  | 'succeeds'
  /** Refused when saved and when charged. */
  | 'declined'
  | 'insufficient_funds'
  /** Saved, refused when charged. */
  | 'fails_when_charged'
  /** Saving asks for authentication (3-D Secure); charges off-session after that go through. */
  | 'requires_authentication';

export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000341': 'fails_when_charged',
  '4000002500003155': 'requires_authentication',
};

/** Stripe's brand names, from the number's prefix. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/** The same card always has the same fingerprint (one trial per card, whoever adds it). */
export const cardFingerprint = (number: string): string =>
  createHash('sha256').update(`tutti-sandbox:${number}`).digest('base64url').slice(0, 16);

/** A Stripe card error: the code, the decline code, and the message Stripe gives in test mode. */
export interface CardError {
  code: string;
  declineCode?: string;
  message: string;
  param?: string;
}

const DECLINES = {
  declined: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  fails_when_charged: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
} satisfies Record<Exclude<CardBehaviour, 'succeeds' | 'requires_authentication'>, CardError>;

/** Checks a card as Stripe does when it is saved: number, expiry, CVC, then what the test table says. */
export function checkNewCard(card: { number: string; expMonth: number; expYear: number; cvc: string }, now: Date) {
  const number = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(number)) {
    return { error: { code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' } };
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return {
      error: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' },
    };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfExpiry = Date.UTC(year, card.expMonth, 1);
  if (!Number.isInteger(year) || endOfExpiry <= now.getTime()) {
    return { error: { code: 'expired_card', message: 'Your card has expired.', param: 'exp_year' } };
  }
  if (!/^\d{3,4}$/.test(card.cvc)) {
    return { error: { code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'cvc' } };
  }
  const behaviour = TEST_CARDS[number] ?? 'succeeds';
  if (behaviour === 'declined' || behaviour === 'insufficient_funds') return { error: DECLINES[behaviour] };
  return { number, year, behaviour };
}

/** What charging a saved card gives. */
export function chargeOutcome(behaviour: CardBehaviour, offSession: boolean, authenticated: boolean) {
  if (behaviour === 'succeeds') return 'succeeded' as const;
  if (behaviour === 'requires_authentication')
    return offSession || authenticated ? ('succeeded' as const) : ('requires_action' as const);
  return DECLINES[behaviour];
}
