import type { CardSetup } from '@tutti/contract/payments';
import { parseExpiry, onlyDigits, type CardField, type CardInput } from './card-input';

/**
 * Where a card is confirmed: Tutti's server only creates the SetupIntent (the card number never reaches it); the
 * payment service confirms it in the page. With Stripe, Stripe.js and its card element do it (stripe-card.tsx, loaded
 * only then); with the embedded sandbox, the page posts the card to the same-origin address the CardSetup names, as
 * Stripe.js would post it to Stripe, and a dialog of ours stands for the bank's authentication page.
 */

/** Why the payment service refused a card or a payment: Stripe's error code, its decline code, the field at fault. */
export interface CardFailure {
  code: string;
  declineCode?: string;
  field?: CardField;
}

export type SetupResult =
  | { status: 'saved'; paymentMethod: string }
  /** 3-D Secure: the bank asks the musician to confirm the card (sandbox: answered with `authenticate`). */
  | { status: 'requires_action' }
  | { status: 'failed'; failure: CardFailure };

export interface SetupConfirmer {
  /** The card's details (sandbox); Stripe's element holds them itself and ignores the argument. */
  confirm(card: CardInput | null): Promise<SetupResult>;
  /** The bank's answer after `requires_action` (sandbox only; Stripe runs its own dialog inside `confirm`). */
  authenticate(result: 'pass' | 'fail'): Promise<SetupResult>;
}

/** Stripe's param names → the form's fields. */
const FIELD_OF_PARAM: Record<string, CardField> = {
  number: 'number',
  exp_month: 'expiry',
  exp_year: 'expiry',
  cvc: 'cvc',
};

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A Stripe error object (`{ code, decline_code, param }`) as a failure. */
export function failureOf(error: unknown): CardFailure {
  if (!isJson(error)) return { code: 'unknown' };
  const param = str(error.param);
  const declineCode = str(error.decline_code);
  const field = param ? FIELD_OF_PARAM[param] : undefined;
  return {
    code: str(error.code) ?? 'unknown',
    ...(declineCode && { declineCode }),
    ...(field && { field }),
  };
}

/** A SetupIntent as the sandbox (or Stripe) answers it. */
export function setupResultOf(intent: Json): SetupResult {
  const status = str(intent.status);
  const paymentMethod = str(intent.payment_method);
  if (status === 'succeeded' && paymentMethod) return { status: 'saved', paymentMethod };
  if (status === 'requires_action') return { status: 'requires_action' };
  return { status: 'failed', failure: failureOf(intent.last_setup_error) };
}

/** A browser call to the sandbox, authenticated as Stripe.js is: the publishable key and the intent's secret. */
export async function sandboxCall(
  url: string,
  publishableKey: string,
  body: Record<string, string>,
): Promise<{ ok: true; json: Json } | { ok: false; failure: CardFailure }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, failure: { code: 'network' } };
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok && isJson(json)) return { ok: true, json };
  return { ok: false, failure: failureOf(isJson(json) ? json.error : null) };
}

/** The sandbox's SetupIntent confirmation, as Stripe.js posts it. */
export function sandboxSetupConfirmer(setup: CardSetup): SetupConfirmer {
  const confirmUrl = setup.confirmUrl ?? '';
  const post = async (url: string, body: Record<string, string>): Promise<SetupResult> => {
    const answer = await sandboxCall(url, setup.publishableKey, { client_secret: setup.clientSecret, ...body });
    return answer.ok ? setupResultOf(answer.json) : { status: 'failed', failure: answer.failure };
  };
  return {
    confirm: (card) => {
      const expiry = parseExpiry(card?.expiry ?? '');
      return post(confirmUrl, {
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': onlyDigits(card?.number ?? ''),
        'payment_method_data[card][exp_month]': String(expiry?.month ?? ''),
        'payment_method_data[card][exp_year]': String(expiry?.year ?? ''),
        'payment_method_data[card][cvc]': (card?.cvc ?? '').trim(),
      });
    },
    authenticate: (result) => post(confirmUrl.replace(/\/confirm$/, '/authenticate'), { result }),
  };
}

/** The sandbox's stand-in for the bank's page of a first payment: the musician's answer, posted as Stripe.js would. */
export async function sandboxAuthenticatePayment(
  authenticateUrl: string,
  clientSecret: string,
  publishableKey: string,
  result: 'pass' | 'fail',
): Promise<CardFailure | null> {
  const answer = await sandboxCall(authenticateUrl, publishableKey, { client_secret: clientSecret, result });
  return answer.ok ? null : answer.failure;
}
