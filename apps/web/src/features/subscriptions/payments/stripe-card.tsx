import { useEffect, useRef, useState } from 'react';
import { Input } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { CardSetup } from '@tutti/contract/payments';
import type { Locale } from '@tutti/contract/common';
import { failureOf, type CardFailure, type SetupConfirmer } from './card-confirmer';

/**
 * Stripe mode (STRIPE_* keys set on the server): Stripe's own card element, so the card never passes through Tutti.
 * Stripe.js is loaded from js.stripe.com only here, with the first payment form (the server's CSP must allow
 * js.stripe.com in script-src and frame-src, api.stripe.com in connect-src). Not reachable with the sandbox.
 */

const loaded = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** A pending first payment: Stripe opens the bank's page itself, then says how it went. */
export async function stripeConfirmPayment(publishableKey: string, clientSecret: string): Promise<CardFailure | null> {
  const stripe = await stripeFor(publishableKey).catch(() => null);
  if (!stripe) return { code: 'network' };
  const result = await stripe.confirmCardPayment(clientSecret);
  return result.error ? failureOf(result.error) : null;
}

interface StripeCardFieldProps {
  setup: CardSetup;
  locale: Locale;
  label: string;
  loadError: string;
  /** The confirmer once the element is mounted; null while it is not. */
  onReady: (confirmer: SetupConfirmer | null) => void;
}

export function StripeCardField({ setup, locale, label, loadError, onReady }: StripeCardFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { publishableKey, clientSecret } = setup;

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    stripeFor(publishableKey)
      .then((stripe) => {
        if (cancelled || !host.current) return;
        if (!stripe) {
          setFailed(true);
          return;
        }
        const element = stripe.elements({ locale }).create('card', { hidePostalCode: true });
        card = element;
        element.mount(host.current);
        // Stripe's element checks the number, expiry and CVC itself, in the page's language.
        element.on('change', (event) => setMessage(event.error?.message ?? null));
        onReady({
          confirm: async () => {
            const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card: element } });
            if (result.error) return { status: 'failed', failure: failureOf(result.error) };
            const method = result.setupIntent.payment_method;
            if (!method) return { status: 'failed', failure: { code: 'unknown' } };
            return { status: 'saved', paymentMethod: typeof method === 'string' ? method : method.id };
          },
          // Stripe runs the bank's page inside confirmCardSetup.
          authenticate: () => Promise.resolve({ status: 'failed', failure: { code: 'unknown' } }),
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      card?.destroy();
      onReady(null);
    };
  }, [publishableKey, clientSecret, locale, onReady]);

  return (
    <Input.Wrapper label={label} error={failed ? loadError : message}>
      <div
        ref={host}
        style={{
          padding: '10px 12px',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      />
    </Input.Wrapper>
  );
}
