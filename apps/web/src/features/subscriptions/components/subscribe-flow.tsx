import { useEffect, useRef, useState } from 'react';
import { Loader, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { SubscriptionQuoteSchema, type SubscribeResult } from '@tutti/contract/payments';
import { useQueryClient } from '@tanstack/react-query';
import type { AvailableProduct, Subscription } from '@tutti/contract/subscriptions';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';
import { currentLanguage } from '../../../lib/i18n';
import { randomUuid } from '../../../lib/random-uuid';
import { quoteKey, usePaymentMethods, useQuote, useSubscribe, useValidateSubscription } from '../api/payments';
import { BankPanel } from '../payments/bank-panel';
import { sandboxAuthenticatePayment } from '../payments/card-confirmer';
import { failureText, paymentFailureOf } from '../payments/failure-text';
import { PaymentForm } from '../payments/payment-form';
import { stripeConfirmPayment } from '../payments/stripe-card';
import { SUBSCRIPTIONS_NS } from '../translations';
import { ConfirmStep, DoneStep, priceOf, type AmountChange } from './subscribe-steps';

type Step = 'confirm' | 'card' | 'bank' | 'done';
/** What the dialog's title says: the offer, then what the quote or the outcome says. */
type Heading = 'trial' | 'paid' | 'trialStarted' | 'subscribed';
const TITLES = {
  trial: 'subscribe.trialTitle',
  paid: 'subscribe.title',
  trialStarted: 'subscribe.trialStartedTitle',
  subscribed: 'subscribe.subscribedTitle',
} as const satisfies Record<Heading, string>;

interface SubscribeFlowProps {
  /** The offer being subscribed to; null: closed. */
  product: AvailableProduct | null;
  onClose: () => void;
}

/** "Start my free trial" / "Subscribe": card, what it pays today, password, the bank when it asks, then what they got. */
export function SubscribeFlow({ product, onClose }: SubscribeFlowProps) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  const [heading, setHeading] = useState<{ productId: string; heading: Heading } | null>(null);
  const offered: Heading = product?.trial && product.trialAvailable ? 'trial' : 'paid';
  const shown = heading && heading.productId === product?.id ? heading.heading : offered;
  const name = product?.name[currentLanguage()] ?? '';
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      title={t(TITLES[shown], { product: name })}
      closeButtonProps={{ 'aria-label': tc('close') }}
      closeOnClickOutside={false}
      centered
      radius="md"
      size={520}
    >
      {product && (
        <Flow
          key={product.id}
          product={product}
          onHeading={(h) => setHeading({ productId: product.id, heading: h })}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function Flow({
  product,
  onHeading,
  onClose,
}: {
  product: AvailableProduct;
  onHeading: (heading: Heading) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const cards = usePaymentMethods();
  const subscribe = useSubscribe();
  const validate = useValidateSubscription();
  const [step, setStep] = useState<Step>('confirm');
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState<AmountChange | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [pending, setPending] = useState<SubscribeResult | null>(null);
  const [done, setDone] = useState<Subscription | null>(null);
  const [answering, setAnswering] = useState(false);
  /** One idempotency key per confirmation (a card and an amount), kept across its retries after a failure, so the
   *  server finds the same charge instead of making a second one (docs/decisions/0031). */
  const attempts = useRef(new Map<string, string>());
  const items = cards.data?.items ?? [];
  const card = items.find((c) => c.id === chosen) ?? items.find((c) => c.isDefault) ?? items[0];
  // Asked while the confirmation can show it; not again once subscribed (the subscription's refresh would).
  const quote = useQuote(product.id, step === 'done' ? null : (card?.id ?? null));
  const quoted = quote.data ?? null;

  useEffect(() => {
    if (done) onHeading(done.status === 'trialing' ? 'trialStarted' : 'subscribed');
    else if (quoted) onHeading(quoted.trial ? 'trial' : 'paid');
    // The parent's setter changes with each render; what matters is what the page shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done, quoted]);

  if (!cards.data) {
    if (cards.isError) return <Text role="alert">{errorText(tc, cards.error)}</Text>;
    return <Loader size="sm" aria-label={tc('loading')} />;
  }

  const refused = (error: unknown) => {
    const declined = paymentFailureOf(error);
    // A refusal is final for its key (the server answers the same refusal to it again): trying again is a new attempt.
    if (declined) attempts.current.clear();
    setFailure(declined ? failureText(t, declined) : errorText(tc, error));
  };

  const finish = (subscription: Subscription) => {
    setDone(subscription);
    setStep('done');
  };

  const runValidate = (subscriptionId: string) =>
    validate.mutate(subscriptionId, {
      onSuccess: finish,
      onError: (error) => {
        refused(error);
        setStep('confirm');
      },
      onSettled: () => setAnswering(false),
    });

  const submit = (password: string) => {
    if (!card || !quoted) return;
    setFailure(null);
    setPasswordError(null);
    const expectedAmountCents = quoted.amountTodayCents;
    const attempt = `${card.id}:${expectedAmountCents}`;
    if (!attempts.current.has(attempt)) attempts.current.set(attempt, randomUuid());
    subscribe.mutate(
      {
        productId: product.id,
        password,
        paymentMethod: card.id,
        idempotencyKey: attempts.current.get(attempt),
        expectedAmountCents,
      },
      {
        onSuccess: (result) => {
          if (result.payment === null) finish(result.subscription);
          else {
            setPending(result);
            setStep('bank');
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.code === 'WRONG_PASSWORD' || error.fields['password'])) {
            setPasswordError(fieldErrorText(tc, error.fields['password'] ?? 'wrong_password'));
          } else if (error instanceof ApiError && error.code === 'PAYMENT_METHOD_REQUIRED') {
            setStep('card');
          } else if (!showNewQuote(error, expectedAmountCents)) refused(error);
        },
      },
    );
  };

  /** 409 AMOUNT_CHANGED: nothing was charged; the page shows the server's new quote and says what changed. */
  const showNewQuote = (error: unknown, beforeCents: number): boolean => {
    if (!(error instanceof ApiError) || error.code !== 'AMOUNT_CHANGED') return false;
    const next = SubscriptionQuoteSchema.safeParse(error.details['quote']);
    if (!next.success) return false;
    queryClient.setQueryData(quoteKey(product.id, next.data.paymentMethod), next.data);
    setChanged({ beforeCents });
    return true;
  };

  const answerBank = async (result: 'pass' | 'fail') => {
    if (!pending?.payment?.authenticateUrl) return;
    setAnswering(true);
    const { authenticateUrl, clientSecret, publishableKey: key } = pending.payment;
    const transport = await sandboxAuthenticatePayment(authenticateUrl, clientSecret, key, result);
    if (transport?.code === 'network') {
      setAnswering(false);
      setFailure(failureText(t, transport));
      setStep('confirm');
      return;
    }
    // Refused or confirmed, the server reads the payment's outcome itself.
    runValidate(pending.subscription.id);
  };

  if (step === 'done' && done) return <DoneStep subscription={done} onClose={onClose} />;
  if (step === 'bank' && pending?.payment) {
    const payment = pending.payment;
    const price = priceOf(quoted?.amountTodayCents ?? product.priceCents);
    const text = t('bank.payment', { price, product: product.name[currentLanguage()] });
    if (payment.authenticateUrl === null)
      return (
        <StripePayment
          clientSecret={payment.clientSecret}
          publishableKey={payment.publishableKey}
          text={text}
          onDone={() => runValidate(pending.subscription.id)}
        />
      );
    return (
      <BankPanel
        title={t('bank.paymentTitle')}
        busy={answering || validate.isPending}
        onAnswer={(r) => void answerBank(r)}
      >
        <Text>{text}</Text>
      </BankPanel>
    );
  }
  if (step === 'card' || !card) {
    return (
      <Stack gap="sm">
        <Text fw={600}>{t('subscribe.newCardHeading')}</Text>
        <PaymentForm
          defaultOption={items.length > 0}
          onCancel={card ? () => setStep('confirm') : undefined}
          onSaved={(paymentMethod) => {
            setChosen(paymentMethod);
            setFailure(null);
            setChanged(null);
            setStep('confirm');
          }}
        />
      </Stack>
    );
  }
  return (
    <ConfirmStep
      product={product}
      card={card}
      quote={quoted}
      changed={changed}
      busy={subscribe.isPending || validate.isPending}
      failure={failure ?? (quote.isError ? errorText(tc, quote.error) : null)}
      passwordError={passwordError}
      onPasswordEdit={() => setPasswordError(null)}
      onOtherCard={() => setStep('card')}
      onSubmit={submit}
    />
  );
}

/** Stripe mode: Stripe.js shows the bank's page itself; then the server is asked how the payment went. */
function StripePayment({
  clientSecret,
  publishableKey,
  text,
  onDone,
}: {
  clientSecret: string;
  publishableKey: string;
  text: string;
  onDone: () => void;
}) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  useEffect(() => {
    let cancelled = false;
    void stripeConfirmPayment(publishableKey, clientSecret).then(() => {
      if (!cancelled) onDone();
    });
    return () => {
      cancelled = true;
    };
    // One confirmation per pending payment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientSecret]);
  return (
    <Stack gap="sm" align="flex-start">
      <Text fw={600}>{t('bank.paymentTitle')}</Text>
      <Text>{text}</Text>
      <Text size="sm" c="dimmed">
        {t('bank.stripeNote')}
      </Text>
      <Loader size="sm" aria-label={tc('loading')} />
    </Stack>
  );
}
