import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';
import type { CardFailure } from './card-confirmer';

type FailureKey =
  | 'generic_decline'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_number'
  | 'invalid_expiry_month'
  | 'invalid_cvc'
  | 'lost_card'
  | 'authentication'
  | 'network';

/** Stripe's decline and error codes (https://docs.stripe.com/declines/codes) → the sentence that tells what to do. */
const KEYS: Record<string, FailureKey> = {
  generic_decline: 'generic_decline',
  card_declined: 'generic_decline',
  do_not_honor: 'generic_decline',
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  incorrect_number: 'incorrect_number',
  invalid_number: 'incorrect_number',
  invalid_expiry_month: 'invalid_expiry_month',
  invalid_expiry_year: 'expired_card',
  incorrect_cvc: 'invalid_cvc',
  invalid_cvc: 'invalid_cvc',
  lost_card: 'lost_card',
  stolen_card: 'lost_card',
  pickup_card: 'lost_card',
  fraudulent: 'lost_card',
  authentication_failure: 'authentication',
  authentication_required: 'authentication',
  setup_intent_authentication_failure: 'authentication',
  payment_intent_authentication_failure: 'authentication',
  network: 'network',
};

/** Why a card or a payment was refused, in the reader's language; an unknown code reads as a plain decline. */
export function failureText(t: TFunction<'subscriptions'>, failure: CardFailure): string {
  const key = KEYS[failure.declineCode ?? ''] ?? KEYS[failure.code] ?? 'generic_decline';
  return t(`failure.${key}`);
}

/** A 402 PAYMENT_FAILED from Tutti (subscribe, validate) carries the payment service's decline code. */
export function paymentFailureOf(error: unknown): CardFailure | null {
  if (!(error instanceof ApiError) || error.code !== 'PAYMENT_FAILED') return null;
  const code = error.details['declineCode'];
  return { code: typeof code === 'string' ? code : 'generic_decline' };
}
